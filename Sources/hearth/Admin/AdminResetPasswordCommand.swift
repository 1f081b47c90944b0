import ArgumentParser
import Foundation
import HearthServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct AdminResetPasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-password",
        abstract: "Print a one-time link to choose a new password, or set one from standard input (--stdin).",
        discussion: """
            Without --stdin, prints a link to a page of this server where the person chooses \
            a new password. Send it to them privately: it works once, for 24 hours, and a newer \
            link for the account replaces it. The link starts with the server's public address \
            (--public-url or HEARTH_PUBLIC_URL, e.g. https://hearth.example.com), followed by \
            the app's mount (/<app>, or nothing with --at-root when the server runs with \
            --app <this app> or HEARTH_APP) and /reset-password.

            With --stdin, the new password is read from the first line of standard input and \
            set at once; when standard input is a terminal, it is asked for twice, unechoed.

            Either way the password must follow the app's registration rules, and once it is \
            set every session of the account ends: the person signs in again everywhere.

              hearth admin reset-password --app listall carol@example.com
              hearth admin reset-password --app pantrypal bob@example.com --stdin < pw
            """)

    @OptionGroup var app: AdminAppOption
    @OptionGroup var account: AdminUserArgument
    @Flag(help: "Read the new password from standard input and set it now, instead of printing a link.")
    var stdin = false
    @Option(help: ArgumentHelp(
        "Where people reach this server, e.g. https://hearth.example.com. [env: HEARTH_PUBLIC_URL] (default: http://<host>:<port>)",
        valueName: "url"))
    var publicURL: String?
    @Flag(help: "The server serves this app alone at the root path ('hearth serve --app <this app>'); the default follows HEARTH_APP.")
    var atRoot = false
    @OptionGroup var storage: StorageOptions

    func validate() throws {
        if stdin, publicURL != nil || atRoot {
            throw ValidationError("--public-url and --at-root shape the link; with --stdin there is none")
        }
    }

    func run() async throws {
        do {
            let password = stdin ? try Self.readPassword() : nil
            let checkedURL = try publicURL.map { url throws(ConfigurationError) in try PublicURL.validated(url) }
            let result = try await AdminSession.run(storage, adjust: { configuration in
                if let checkedURL { configuration.publicURL = checkedURL }
                if atRoot { configuration.rootApp = app.app }
            }) { session in
                let administrator = try await session.administrator(for: app.app)
                let found = try await administrator.find(account.user)
                let who = "\(found.email) (\(found.userID)) of \(administrator.displayName)"
                if let password {
                    try await administrator.setPassword(password, of: found.userID)
                    return (who, nil as PasswordResetLink?, administrator.services.configuration.publicURL != nil)
                }
                return (who, try await administrator.createResetLink(for: found), administrator.services.configuration.publicURL != nil)
            }
            let (who, link, hasPublicURL) = result
            guard let link else {
                print("Set a new password for \(who); every session of the account has ended.")
                return
            }
            let output = CommandOutput(json: false)
            output.note("One-time password reset link for \(who), valid until \(link.expiresAt.iso8601):")
            print(link.url)
            output.note("Send it to them privately; it works once. Earlier links for this account no longer work.")
            if !hasPublicURL {
                output.note(
                    "note: no public URL is set, so the link points at this machine; pass --public-url or set HEARTH_PUBLIC_URL to the address people reach the server at.")
            }
        } catch {
            throw AdminCommandError.exit(error, context: "cannot reset the password")
        }
    }

    /// The first line of standard input; on a terminal, typed twice without echo.
    static func readPassword() throws -> String {
        if isatty(STDIN_FILENO) == 1 {
            guard let first = getpass("New password: ").map({ String(cString: $0) }),
                let second = getpass("The same password again: ").map({ String(cString: $0) })
            else { throw AdminCommandError("no password was typed") }
            guard first == second else { throw AdminCommandError("the two passwords are not the same; nothing was changed") }
            return first
        }
        guard let line = readLine(strippingNewline: true) else {
            throw AdminCommandError("standard input is empty: pipe the new password into the command")
        }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }
}
