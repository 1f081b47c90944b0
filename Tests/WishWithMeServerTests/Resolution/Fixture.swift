import Foundation

enum Fixture {
    struct Missing: Error {
        let name: String
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil) else {
            throw Missing(name: name)
        }
        return Array(try Data(contentsOf: url))
    }
}
