import ArgumentParser
import AsyncHTTPClient
import Foundation
import HearthCore
import HearthStore
import WishWithMeServer

struct WishImportCouchDBCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-couchdb",
        abstract: "Import an original Wish With Me deployment's CouchDB into this server's database.",
        discussion: """
            Reads the original database from CouchDB itself (--url, read a page at a time \
            through _all_docs) or from a dump of it (--file, the JSON of \
            _all_docs?include_docs=true). Users keep their ids, emails and password hashes \
            (they sign in with their old password), OAuth links, wishlists, items, marks, \
            share links with their tokens (links already sent keep working) and bookmarks. \
            Who can see what is recomputed by Hearth's rules; documents those rules refuse \
            are listed, not imported.

            Safe to run again: what is already here is left alone. Run with --dry-run first \
            to see what would happen; nothing is written. The import is one transaction: \
            if it fails, nothing changes. Devices sign in once more afterwards.

              hearth wish import-couchdb --url http://admin:secret@127.0.0.1:5984/wishwithme --dry-run
              hearth wish import-couchdb --file all_docs.json --data-dir /var/lib/hearth
            """)

    @Option(help: ArgumentHelp("The original CouchDB database, e.g. http://admin:secret@host:5984/wishwithme.", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("A dump of _all_docs?include_docs=true instead of a live CouchDB.", valueName: "path"))
    var file: String?

    @Flag(help: "Report what would be imported; write nothing.") var dryRun = false

    @Option(help: ArgumentHelp("Documents per _all_docs request with --url.", valueName: "n")) var pageSize = 500

    @Flag(help: "List every refused document, not only the first 20.") var verbose = false

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard (url == nil) != (file == nil) else { throw ValidationError("Name the original database with either --url or --file.") }
        guard (1...10_000).contains(pageSize) else { throw ValidationError("--page-size must be from 1 to 10000.") }
        if let url, URL(string: url)?.host == nil { throw ValidationError("--url must be an http(s) URL of a CouchDB database.") }
    }

    func run() async throws {
        do {
            let documents = try await readOriginal()
            let snapshot = CouchDBSnapshot(documents: documents)
            let report = try await OperatorDatabase.open(storage).using { target in
                let bar = SharedProgress(label: dryRun ? "Checking" : "Importing", total: snapshot.count)
                return try await CouchDBImport(database: target.database, clock: SystemWallClock())
                    .run(snapshot, dryRun: dryRun) { done, _ in bar.update(done) }
            }
            print(CouchDBImportSummary(report: report, verbose: verbose).text)
        } catch let error as ValidationError {
            throw error
        } catch {
            throw CommandFailure.exit(error, context: "cannot import")
        }
    }

    private func readOriginal() async throws -> [JSONValue] {
        if let file { return try CouchDBAllDocs.documents(inFile: file) }
        guard let url, let database = URL(string: url) else { return [] }
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let documents = try await CouchDBReader(database: database, pageSize: pageSize, http: http).documents { read, total in
                FileHandle.standardError.write(Data("\rReading CouchDB: \(read)\(total.map { "/\($0)" } ?? "") documents\u{1B}[K".utf8))
            }
            FileHandle.standardError.write(Data("\n".utf8))
            try await http.shutdown()
            return documents
        } catch {
            try? await http.shutdown()
            throw error
        }
    }
}
