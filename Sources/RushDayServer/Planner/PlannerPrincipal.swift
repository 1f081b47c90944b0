import GRPCCore

extension Principal {
    /// The verified caller, or nil when anonymous (optional-auth RPCs).
    var caller: VerifiedCaller? {
        if case .user(let caller) = self { return caller }
        return nil
    }
}
