import ArgumentParser
import HearthCore
import HearthServer

struct AdminUsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "List an app's accounts, newest first.",
        discussion: """
            Shows each account's user id, email, name (where the app keeps one), when it was \
            created and whether it is disabled. --find keeps the accounts whose email, name or \
            user id contains the text, ignoring case.

              hearth admin users --app pantrypal
              hearth admin users --app wishwithme --find @example.com --limit 500
              hearth admin users --app listall --json
            """)

    @OptionGroup var app: AdminAppOption
    @Option(help: ArgumentHelp("Only accounts whose email, name or user id contains this text (any case).", valueName: "text"))
    var find: String?
    @Option(help: ArgumentHelp("Show at most this many accounts.", valueName: "n"))
    var limit = 50
    @Flag(help: "Print JSON instead of a table, for scripts.")
    var json = false
    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be 1 or more") }
    }

    func run() async throws {
        do {
            let (administrator, listed) = try await AdminSession.run(storage) { session in
                let administrator = try await session.administrator(for: app.app)
                return (administrator.displayName, try await administrator.list(matching: find, limit: limit))
            }
            let output = CommandOutput(json: json)
            let rows = listed.accounts.map { entry in
                [
                    entry.account.userID, entry.account.email, entry.account.name ?? "", entry.account.createdAt?.iso8601 ?? "",
                    entry.isDisabled ? "disabled" : "active",
                ]
            }
            try output.table(
                ["ID", "EMAIL", "NAME", "CREATED", "STATUS"], rows,
                json: [
                    "app": .string(app.app), "total": .int(Int64(listed.total)),
                    "accounts": .array(listed.accounts.map(Self.json)),
                ],
                empty: find == nil ? "\(administrator) has no accounts yet." : "No account of \(administrator) matches '\(find ?? "")'.")
            if !json, listed.accounts.count < listed.total {
                output.note("Showing \(listed.accounts.count) of \(listed.total) accounts; narrow with --find or raise --limit.")
            }
        } catch {
            throw AdminCommandError.exit(error, context: "cannot list accounts")
        }
    }

    static func json(_ entry: AccountAdministrator.Listed) -> JSONValue {
        [
            "id": .string(entry.account.userID), "email": .string(entry.account.email),
            "name": entry.account.name.map(JSONValue.string) ?? .null,
            "created_at": entry.account.createdAt.map { .string($0.iso8601) } ?? .null, "disabled": .bool(entry.isDisabled),
        ]
    }
}
