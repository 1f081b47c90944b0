import ArgumentParser
import HearthServer

struct AdminEnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: "Enable a disabled account again, so the person can sign in.",
        discussion: """
            Sessions that ended when the account was disabled stay ended: the person signs in \
            again on each device.

              hearth admin enable --app wishwithme alice@example.com
            """)

    @OptionGroup var app: AdminAppOption
    @OptionGroup var account: AdminUserArgument
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        do {
            let line = try await AdminSession.run(storage) { session in
                let administrator = try await session.administrator(for: app.app)
                let found = try await administrator.find(account.user)
                let who = "\(found.email) (\(found.userID)) of \(administrator.displayName)"
                return try await administrator.enable(found) ? "Enabled \(who): it can sign in again." : "\(who) was not disabled."
            }
            print(line)
        } catch {
            throw AdminCommandError.exit(error, context: "cannot enable the account")
        }
    }
}
