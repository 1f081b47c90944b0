import HearthCore

/// One row of `GET sync/changes` (spec §2.8, W1): what happened to which entity, with the
/// entity's snapshot after the change as a JSON **string**.
struct ChangeRow: Sendable, Hashable {
    enum Action: String, Sendable { case create, update, delete }

    var seq: Int64
    var entityType: String
    var entityID: String
    var action: Action
    var snapshot: JSONValue

    init?(_ row: JSONValue) {
        guard let type = row["entity_type"]?.stringValue, let id = row["entity_id"]?.stringValue,
            let action = row["action"]?.stringValue.flatMap(Action.init(rawValue:))
        else { return nil }
        seq = row["seq"]?.intValue ?? 0
        entityType = type
        entityID = id
        self.action = action
        switch row["payload"] {
        case .string(let text)?: snapshot = (try? JSONParser().parse(text)) ?? .object([:])
        case .object(let object)?: snapshot = .object(object)
        default: snapshot = .object([:])
        }
    }

    init(seq: Int64, entityType: String, entityID: String, action: Action, snapshot: JSONValue) {
        self.seq = seq
        self.entityType = entityType
        self.entityID = entityID
        self.action = action
        self.snapshot = snapshot
    }
}

/// One page of `GET sync/changes?cursor=…`.
struct ChangesPage: Sendable {
    var changes: [ChangeRow]
    var cursor: Int64
    var hasMore: Bool
    var resetRequired: Bool

    init(_ body: JSONValue, requestedCursor: Int64) {
        changes = (body["changes"]?.arrayValue ?? []).compactMap(ChangeRow.init)
        // A feed position never moves back; a server that lost history says resetRequired.
        cursor = max(body["cursor"]?.intValue ?? changes.last?.seq ?? requestedCursor, requestedCursor)
        hasMore = body["hasMore"]?.boolValue ?? false
        resetRequired = body["resetRequired"]?.boolValue ?? false
    }
}
