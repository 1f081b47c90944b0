import ArgumentParser
import HearthServer

struct AdminDisableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable",
        abstract: "Disable an account: it is signed out everywhere at once and cannot sign in.",
        discussion: """
            Every refresh token of the account is revoked and every access token already \
            issued stops working on its next request, on every server process. Signing in, \
            with a password or otherwise, is refused with a message saying the account is \
            disabled. Nothing is deleted; 'hearth admin enable' lets the person sign in again.

              hearth admin disable --app wishwithme alice@example.com
            """)

    @OptionGroup var app: AdminAppOption
    @OptionGroup var account: AdminUserArgument
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        do {
            let line = try await AdminSession.run(storage) { session in
                let administrator = try await session.administrator(for: app.app)
                let found = try await administrator.find(account.user)
                let changed = try await administrator.disable(found)
                let who = "\(found.email) (\(found.userID)) of \(administrator.displayName)"
                return changed
                    ? "Disabled \(who): signed out everywhere; it cannot sign in until 'hearth admin enable --app \(app.app) \(found.email)'."
                    : "\(who) was already disabled; its sessions were ended again."
            }
            print(line)
        } catch {
            throw AdminCommandError.exit(error, context: "cannot disable the account")
        }
    }
}
