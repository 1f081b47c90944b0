import HearthCore

/// Decoding helpers shared by the document models.
///
/// Policy (spec §4.7): fields the original iOS app requires are decoded strictly and a
/// missing or `null` value throws, so the sync layer can skip the document. Every other
/// field is decoded leniently: absent, `null` or of the wrong JSON kind all mean "default",
/// because one malformed optional field should not hide a whole wishlist from the user.
extension KeyedDecodingContainer {
    func required<T: Decodable>(_ key: Key) throws -> T {
        try decode(T.self, forKey: key)
    }

    func optional<T: Decodable>(_ key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }

    func value<T: Decodable>(_ key: Key, default fallback: T) -> T {
        optional(key) ?? fallback
    }

    /// `_deleted`: only `true` means deleted.
    func deletedFlag(_ key: Key) -> Bool {
        value(key, default: false)
    }

    /// A quantity of 1 or more. Legacy documents carry a boolean (`true` → 1); JSON
    /// producers may write whole numbers as `2.0`. Anything unusable (including `false`,
    /// zero, negatives and fractions) becomes the default 1.
    func quantity(_ key: Key) -> Int {
        if let whole: Int = optional(key) { return whole >= 1 ? whole : 1 }
        if let _: Bool = optional(key) { return 1 }
        if let number: Double = optional(key), let whole = Int(exactly: number), whole >= 1 { return whole }
        return 1
    }

    /// Rejects a document whose `type` names another kind. An absent `type` is accepted
    /// (the original clients do not require it).
    func checkType(_ expected: WishDocumentType, _ key: Key) throws {
        guard let found: String = optional(key), found != expected.rawValue else { return }
        throw DecodingError.dataCorruptedError(
            forKey: key, in: self, debugDescription: "expected type \"\(expected.rawValue)\", found \"\(found)\"")
    }
}

extension KeyedEncodingContainer {
    /// Writes `_deleted: true` only for deletions, as the iOS app does.
    mutating func encodeDeletedFlag(_ isDeleted: Bool, _ key: Key) throws {
        if isDeleted { try encode(true, forKey: key) }
    }
}
