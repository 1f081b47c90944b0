import Foundation
import HearthCore

/// What the client commands (`hearth wish`, `hearth pantry`) print: tables for people,
/// JSON for scripts (`--json`), notes and errors on standard error so standard output
/// stays parseable.
struct CommandOutput {
    let json: Bool

    /// Prints `rows` under `headers` as an aligned table, or `value` as JSON.
    func table(_ headers: [String], _ rows: [[String]], json value: @autoclosure () throws -> JSONValue, empty: String) throws {
        if json {
            print(try value().serializedString())
            return
        }
        guard !rows.isEmpty else {
            print(empty)
            return
        }
        print(TextTable(headers: headers, rows: rows).rendered)
    }

    /// Prints a one-line result, or `value` as JSON.
    func result(_ line: String, json value: @autoclosure () throws -> JSONValue) throws {
        print(json ? try value().serializedString() : line)
    }

    func note(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A failure a client command explains to the user itself.
struct CommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
