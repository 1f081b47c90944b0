import Foundation
import HearthClient
import HearthCore
import WishWithMeKit

/// Everything `hearth wish` prints: tables for people, JSON for scripts (`--json`), notes
/// and errors on standard error so standard output stays parseable.
struct WishOutput {
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

    /// After a local write: tries to sync and says what happened. Offline is not a failure;
    /// the change waits on this device.
    func syncAfterWrite(_ client: WishWithMeClient) async {
        let rejectedBefore = (try? client.store.rejections().count) ?? 0
        do {
            try await client.sync.sync()
            let rejections = (try? client.store.rejections()) ?? []
            for rejection in rejections.dropFirst(rejectedBefore) {
                note("The server refused a change to \(rejection.documentID): \(rejection.message). It was undone on this device.")
            }
        } catch let error as ClientError where error.isTransient {
            note("Saved on this device. The server is unreachable (\(error)); run `hearth wish sync` when it is back.")
        } catch {
            note("Saved on this device, but syncing failed: \(error)")
        }
    }

    /// Prints the failure as `error: …` with what to do next; returns the exit status.
    static func reportFailure(_ error: any Error, server: String, profile: String) -> Int32 {
        let message: String
        switch error {
        case ClientError.signedOut:
            message = "You are signed out of profile '\(profile)'. Run `hearth wish login --profile \(profile)`."
        case ClientError.offline, ClientError.timedOut:
            message = "Cannot reach the server at \(server). Start it with `hearth serve --app wishwithme`, or pass --server URL."
        case ClientError.server(let status, _, let text) where status == 401:
            message = "\(text). Check the email and password, or run `hearth wish login`."
        case ClientError.server(_, _, let text):
            message = text
        default:
            message = String(describing: error)
        }
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return 1
    }
}

/// Columns padded to their widest cell.
struct TextTable {
    let headers: [String]
    let rows: [[String]]

    var rendered: String {
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { column < $0.count ? $0[column] : "" }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        let header = headers.allSatisfy(\.isEmpty) ? [] : [line(headers)]
        return (header + rows.map(line)).joined(separator: "\n")
    }
}

extension WishDocument {
    /// The first 8 characters of the id's uuid: enough to name it on the command line.
    var shortID: String {
        let uuid = id.split(separator: ":", maxSplits: 1).last.map(String.init) ?? id
        return String(uuid.prefix(8))
    }

    var jsonValue: JSONValue { (try? JSONValueEncoder().encode(self)) ?? .null }
}
