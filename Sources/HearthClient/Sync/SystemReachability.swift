/// The platform's network monitor where there is one (Apple platforms); elsewhere always
/// "reachable", and failed syncs report themselves as offline.
public func systemReachability() -> any Reachability {
    #if canImport(Network)
    NetworkPathReachability()
    #else
    ManualReachability()
    #endif
}
