import HearthCore

extension JSONValue {
    /// This value as the dictionaries, arrays and scalars mustache renders. Nulls are left
    /// out, so a `{{#section}}` of a null member is simply not shown.
    var mustacheValue: Any? {
        switch self {
        case .null: nil
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value): value
        case .array(let elements): elements.compactMap(\.mustacheValue)
        case .object(let members): members.compactMapValues(\.mustacheValue)
        }
    }

    /// An object as a template's context (empty for anything else).
    var mustacheContext: [String: Any] { mustacheValue as? [String: Any] ?? [:] }
}
