import HearthCore

/// A place in the home where stock lives (Pantry, Fridge, …), possibly nested.
public struct Location: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    public var parentID: String?
    /// 0 for a root location.
    public var level: Int
    public var sortOrder: Int

    public init(id: String, name: String, parentID: String? = nil, level: Int = 0, sortOrder: Int = 0) {
        self.id = id
        self.name = name
        self.parentID = parentID
        self.level = level
        self.sortOrder = sortOrder
    }

    enum CodingKeys: String, CodingKey {
        case id, name, level
        case parentID = "parent_id"
        case sortOrder = "sort_order"
    }
}

extension Location {
    /// From a REST or full-sync row (snake_case).
    init?(row: JSONValue) {
        guard let id = row["id"]?.stringValue, let name = row["name"]?.stringValue else { return nil }
        self.init(
            id: id, name: name, parentID: row["parent_id"]?.stringValue, level: row["level"]?.looseInt ?? 0,
            sortOrder: row["sort_order"]?.looseInt ?? 0)
    }

    /// From a change row's snapshot (`name, parentId, level, sortOrder`).
    init?(id: String, snapshot: JSONValue) {
        guard let name = snapshot["name"]?.stringValue else { return nil }
        self.init(
            id: id, name: name, parentID: snapshot["parentId"]?.stringValue, level: snapshot["level"]?.looseInt ?? 0,
            sortOrder: snapshot["sortOrder"]?.looseInt ?? 0)
    }
}
