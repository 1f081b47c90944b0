import ArgumentParser
import Foundation
import HearthCore
import KnotKit

struct KnotSignupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signup", abstract: "Create an account and sign this profile in.",
        discussion: "If the server asks new accounts to confirm their address, follow the mailed link, then run `hearth knot login`.")

    @OptionGroup var options: KnotOptions
    @Option(help: "Your email address.") var email: String
    @OptionGroup var password: KnotPasswordOptions

    func run() async throws {
        try await KnotSession.run(options) { client, output in
            switch try await client.auth.signUp(email: email, password: try password.resolve()) {
            case .signedIn(let user):
                try output.result(
                    "Signed up and signed in as \(user.email ?? email) (profile '\(options.profileName)'). Next: tell Knot about your partner with `hearth knot vault edit`.",
                    json: ["user": encoded(user), "signed_in": true])
            case .confirmationSent(let user):
                try output.result(
                    "Account created. Confirm it with the link mailed to \(user.email ?? email), then run `hearth knot login`.",
                    json: ["user": encoded(user), "signed_in": false])
            }
        }
    }
}

struct KnotLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "login", abstract: "Sign this profile in with email and password.")

    @OptionGroup var options: KnotOptions
    @Option(help: "Your email address.") var email: String
    @OptionGroup var password: KnotPasswordOptions

    func run() async throws {
        try await KnotSession.run(options) { client, output in
            let user = try await client.auth.signIn(email: email, password: try password.resolve())
            try output.result("Signed in as \(user.email ?? email) (profile '\(options.profileName)').", json: ["user": encoded(user)])
        }
    }
}

struct KnotLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Sign out: end the session on the server and forget it here.",
        discussion: "By default every session of the account ends, on every device; --this-device-only ends just this one.")

    @OptionGroup var options: KnotOptions
    @Flag(name: .customLong("this-device-only"), help: "End only this profile's session.") var thisDeviceOnly = false

    func run() async throws {
        try await KnotSession.run(options) { client, output in
            try await client.auth.signOut(scope: thisDeviceOnly ? .local : .global)
            LastRecommendations.forget(options)
            try output.result("Signed out of profile '\(options.profileName)'.", json: ["signed_out": true])
        }
    }
}

struct KnotDeleteAccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-account", abstract: "Delete the account and everything stored with it, for good.",
        discussion: """
            Removes the partner profile, hints, recommendations, feedback and reminders on the \
            server, and this profile's saved ideas. There is no undo: take a copy first with \
            `hearth knot export --output knot.json`. Asks for confirmation unless --yes.
            """)

    @OptionGroup var options: KnotOptions
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run() async throws {
        if !yes {
            FileHandle.standardError.write(
                Data("Delete the Knot account of profile '\(options.profileName)' and all its data for good? Type 'delete' to confirm: ".utf8))
            guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "delete" else {
                throw CommandError("Nothing was deleted. Type 'delete' at the prompt, or pass --yes.")
            }
        }
        try await KnotSession.run(options) { client, output in
            let message = try await client.account.deleteAccount()
            LastRecommendations.forget(options)
            try output.result(message, json: ["status": "deleted", "message": .string(message)])
        }
    }
}

struct KnotExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Download everything the server holds about the account, as JSON.",
        discussion: "Prints the document, or writes it to --output (readable only by you).")

    @OptionGroup var options: KnotOptions
    @Option(help: ArgumentHelp("Write the export to this file instead of printing it.", valueName: "file")) var output: String?

    func run() async throws {
        try await KnotSession.run(options) { client, out in
            let document = try await client.account.export()
            guard let output else {
                print(String(decoding: document, as: UTF8.self))
                return
            }
            guard FileManager.default.createFile(atPath: output, contents: document, attributes: [.posixPermissions: 0o600]) else {
                throw CommandError("Cannot write \(output); check the directory exists and is writable.")
            }
            try out.result("Exported the account to \(output) (\(document.count) bytes).", json: ["file": .string(output), "bytes": .int(Int64(document.count))])
        }
    }
}
