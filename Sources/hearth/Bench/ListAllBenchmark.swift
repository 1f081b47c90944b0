import AsyncHTTPClient
import Foundation
import HearthClient
import HearthCore
import ListAllKit

/// The measurements behind `hearth bench listall`, with real clients over loopback HTTP.
struct ListAllBenchmark {
    struct Result: Encodable {
        var items: Int
        var existingItems: Int
        var importRulesMilliseconds: Double
        var importClientMilliseconds: Double
        var exportRulesMilliseconds: [String: Double]
        var exportClientMilliseconds: [String: Double]
        var exportBytes: [String: Int]
        var pushSeconds: Double
        var secondDeviceSyncSeconds: Double
        var idleSyncMilliseconds: Double

        var json: String { (try? JSONValueEncoder().encode(self).serializedString()) ?? "{}" }

        func table(engine: String) -> String {
            var table = BenchTable(title: "ListAll on \(engine): \(items) items imported (JSON, merge) into \(existingItems) existing")
            table.add("import, rules only", String(format: "%.0f ms", importRulesMilliseconds))
            table.add("import, through the client", String(format: "%.0f ms", importClientMilliseconds))
            for format in ExportFileType.allCases.map(\.rawValue) {
                table.add(
                    "export \(format), rules / client",
                    String(
                        format: "%.0f ms / %.0f ms, %d bytes", exportRulesMilliseconds[format] ?? 0, exportClientMilliseconds[format] ?? 0,
                        exportBytes[format] ?? 0))
            }
            table.add("first device sends everything", String(format: "%.2f s", pushSeconds))
            table.add("second device fetches everything", String(format: "%.2f s", secondDeviceSyncSeconds))
            table.add("idle sync", String(format: "%.1f ms", idleSyncMilliseconds))
            return table.rendered
        }
    }

    static let password = "bench password 1"
    static let lists = 10

    let baseURL: String
    let items: Int

    func run() async throws -> Result {
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-bench-listall-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let result = try await measure(http, directory: directory)
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    private func device(_ name: String, _ http: HTTPClient, directory: String) throws -> ListAllClient {
        guard let url = URL(string: baseURL) else { throw CommandError("bad server URL \(baseURL)") }
        return try ListAllClient(.init(serverURL: url, directory: directory + "/" + name, transport: AsyncHTTPClientTransport(client: http)))
    }

    private func measure(_ http: HTTPClient, directory: String) async throws -> Result {
        let now = Date()
        let human = HumanDateFormat.standard(timeZone: TimeZone(identifier: "UTC") ?? .current)
        let full = Self.library(items: items, now: now)
        let existing = Self.library(items: items / 10, now: now)
        let exporter = ListAllExporter(now: now, humanDate: human)
        let incoming = Data(exporter.json(full, options: .default).utf8)

        let phone = try device("phone", http, directory: directory)
        let email = "bench-\(UUID().uuidString.prefix(8))@example.com"
        try await phone.account.register(email: email, password: Self.password, name: "Bench")
        try await phone.transfer.importData(Data(exporter.json(existing, options: .default).utf8))

        let before = try await phone.lists.library()
        let rules = try await timed { _ = try ListAllImporter(now: now).importData(incoming, into: before, options: .merge) }
        var imported = ImportResult()
        let client = try await timed { imported = try await phone.transfer.importData(incoming, options: .merge) }
        guard imported.wasSuccessful, imported.itemsCreated + imported.itemsUpdated == items else {
            throw CommandError("the import did not bring in \(items) items: \(imported.displayMessage)")
        }

        let library = try await phone.lists.library()
        var rulesExport: [String: Double] = [:]
        var clientExport: [String: Double] = [:]
        var bytes: [String: Int] = [:]
        for type in ExportFileType.allCases {
            var text = ""
            rulesExport[type.rawValue] = try await timed { text = exporter.export(library, as: type, options: .default) }.seconds * 1000
            clientExport[type.rawValue] = try await timed {
                text = try await phone.transfer.export(as: type, now: now, humanDate: human)
            }.seconds * 1000
            bytes[type.rawValue] = text.utf8.count
        }

        let push = try await timed { try await phone.sync.sync() }
        let laptop = try device("laptop", http, directory: directory)
        try await laptop.account.login(email: email, password: Self.password)
        let pull = try await timed { try await laptop.sync.sync() }
        let received = try await laptop.lists.library().lists.reduce(0) { $0 + $1.items.count }
        guard received == items else { throw CommandError("the second device received \(received) of \(items) items") }
        let idle = try await timed { try await laptop.sync.sync() }
        await phone.sync.stop()
        await laptop.sync.stop()
        return Result(
            items: items, existingItems: items / 10, importRulesMilliseconds: rules.seconds * 1000,
            importClientMilliseconds: client.seconds * 1000, exportRulesMilliseconds: rulesExport,
            exportClientMilliseconds: clientExport, exportBytes: bytes, pushSeconds: push.seconds,
            secondDeviceSyncSeconds: pull.seconds, idleSyncMilliseconds: idle.seconds * 1000)
    }

    /// `lists` lists sharing `items` items, with fixed ids so a smaller library's lists and
    /// items are the same entities as a larger one's first ones.
    static func library(items: Int, now: Date) -> ListAllLibrary {
        let perList = max(items / lists, 1)
        return ListAllLibrary(
            lists: (0..<lists).map { list in
                let listID = id(1, list)
                return ItemList(
                    id: listID, name: "List \(list)", orderNumber: list, createdAt: now,
                    items: (0..<perList).map { number in
                        ListItem(
                            id: id(2, list * 1_000_000 + number), title: "Item \(number) of list \(list)",
                            itemDescription: number % 3 == 0 ? "Note for item \(number), with a link https://example.com/\(number)" : nil,
                            quantity: number % 5 + 1, orderNumber: number, isCrossedOut: number % 4 == 0, createdAt: now, listId: listID)
                    })
            })
    }

    static func id(_ kind: Int, _ number: Int) -> UUID {
        UUID(uuidString: String(format: "%08X-0000-4000-8000-%012X", kind, number)) ?? UUID()
    }
}
