/// The name of a household created without one (spec §3.5): "<last name> Household", or
/// the last piece of the e-mail's local part capitalised, or "My Household".
enum DefaultHouseholdName {
    static func forUser(lastName: String?, email: String) -> String {
        if let lastName, !lastName.trimmed.isEmpty { return "\(lastName) Household" }
        let local = email.split(separator: "@", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let piece = local.split(omittingEmptySubsequences: false, whereSeparator: { ".-_".contains($0) }).last.map(String.init) ?? ""
        guard let first = piece.first else { return "My Household" }
        return "\(first.uppercased())\(piece.dropFirst()) Household"
    }
}
