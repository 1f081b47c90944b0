import HearthCore

/// A household's places as the app shows them (spec §2.5): rows with their parent's name
/// and child count, the nested hierarchy, and flat entries with `fullPath`
/// ("Kitchen → Fridge → Door").
struct LocationTree: Sendable {
    let locations: [LocationRecord]
    private let byID: [String: LocationRecord]
    private let children: [String: [LocationRecord]]

    init(_ locations: [LocationRecord]) {
        self.locations = locations
        byID = Dictionary(uniqueKeysWithValues: locations.map { ($0.id, $0) })
        children = Dictionary(grouping: locations.filter { $0.parentID != nil }, by: { $0.parentID ?? "" })
    }

    var json: JSONValue {
        let rows = locations.map(row)
        let roots = locations.filter { $0.parentID.flatMap { byID[$0] } == nil }
        return ["locations": .array(rows), "hierarchy": .array(roots.map { nested($0, depth: 0) })]
    }

    var flat: [JSONValue] {
        locations.map { location in
            [
                "id": .string(location.id), "name": .string(location.name), "fullPath": .string(path(of: location)),
                "level": .int(location.level), "parentId": .init(location.parentID),
            ]
        }
    }

    private func row(_ location: LocationRecord) -> JSONValue {
        guard case .object(var object) = location.json else { return location.json }
        object["parent_name"] = .init(location.parentID.flatMap { byID[$0]?.name })
        object["children_count"] = .int(Int64(children[location.id]?.count ?? 0))
        return .object(object)
    }

    private func nested(_ location: LocationRecord, depth: Int) -> JSONValue {
        guard case .object(var object) = row(location) else { return row(location) }
        let kids = depth < 16 ? (children[location.id] ?? []) : []
        object["children"] = .array(kids.map { nested($0, depth: depth + 1) })
        return .object(object)
    }

    private func path(of location: LocationRecord) -> String {
        var names = [location.name]
        var parent = location.parentID
        while let id = parent, let next = byID[id], names.count <= locations.count {
            names.insert(next.name, at: 0)
            parent = next.parentID
        }
        return names.joined(separator: " \u{2192} ")
    }
}
