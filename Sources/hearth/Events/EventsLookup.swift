import Foundation
import RushDayKit
import RushDayProto

/// Finds the event, task or guest a person named on the command line: by id, by the start
/// of its id (as the tables show it), by its exact name (any case), or for tasks and guests
/// by their position in the list (1 = first).
enum EventsLookup {
    static func event(_ reference: String, client: RushDayClient) async throws -> Rushday_V1_Event {
        let events = try await client.allEvents()
        return try pick(reference, among: events, id: \.id, name: \.name, kind: "event", hint: "`hearth events list`")
    }

    static func task(_ reference: String, among tasks: [Rushday_V1_Task]) throws -> Rushday_V1_Task {
        try pick(reference, among: tasks, id: \.id, name: \.name, kind: "task", hint: "`hearth events tasks <event>`")
    }

    static func guest(_ reference: String, among guests: [Rushday_V1_Guest]) throws -> Rushday_V1_Guest {
        try pick(reference, among: guests, id: \.id, name: \.name, kind: "guest", hint: "`hearth events guests <event>`")
    }

    static func pick<T>(
        _ reference: String, among items: [T], id: (T) -> String, name: (T) -> String, kind: String, hint: String
    ) throws -> T {
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        if let exact = items.first(where: { id($0) == wanted }) { return exact }
        let lowered = wanted.lowercased()
        let matches = items.filter { id($0).hasPrefix(lowered) && lowered.count >= 4 } + items.filter { name($0).lowercased() == lowered }
        if matches.count == 1, let only = matches.first { return only }
        if matches.isEmpty, kind != "event", let position = Int(wanted), items.indices.contains(position - 1) { return items[position - 1] }
        if matches.count > 1 { throw CommandError("'\(reference)' matches \(matches.count) \(kind)s; use more of the id (see \(hint)).") }
        throw CommandError("No \(kind) '\(reference)'. See \(hint) for ids and names.")
    }
}
