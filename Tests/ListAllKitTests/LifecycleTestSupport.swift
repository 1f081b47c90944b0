import Foundation
import ListAllKit

/// Predictable ids for lifecycle tests: 00000000-0000-0000-0000-000000000001, …002, …
final class LifecycleIDs {
    private(set) var count = 0

    func next() -> UUID {
        count += 1
        return Self.id(count)
    }

    static func id(_ number: Int) -> UUID {
        let digits = String(number)
        let text = "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits
        guard let id = UUID(uuidString: text) else { fatalError("bad test id \(number)") }
        return id
    }
}

enum LifecycleClock {
    /// The fixture clock plus `seconds`.
    static func at(_ seconds: TimeInterval) -> Date { FixtureF.now.addingTimeInterval(seconds) }
}

extension ListAllLibrary {
    /// The active lists' names, top to bottom.
    var activeNames: [String] { activeLists.map(\.name) }

    /// Active lists named `names`, created in order.
    static func withLists(_ names: [String], ids: LifecycleIDs) throws -> ListAllLibrary {
        var library = ListAllLibrary()
        for name in names { try library.createList(named: name, now: FixtureF.now, makeID: ids.next) }
        return library
    }
}
