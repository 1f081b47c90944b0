import ArgumentParser
import Foundation
import HearthClient
import HearthCore
import PantryPalKit

struct PantryRegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register", abstract: "Create an account on the server and sign this profile in.",
        discussion: "A new account has no household yet: create one or join one with an invite code.")

    @OptionGroup var options: PantryOptions
    @Option(help: "Your email address.") var email: String
    @Option(help: "Your name, e.g. \"Alice Smith\" (the last word becomes the household's default name).") var name: String?
    @OptionGroup var password: PantryPasswordOptions

    func run() async throws {
        try await PantrySession.run(options) { client, output in
            let user = try await client.account.register(email: email, password: try password.resolve(), name: name)
            try output.result(
                "Registered and signed in as \(user.displayName) (profile '\(options.profileName)'). Next: `hearth pantry household create` or `household join <code>`.",
                json: encoded(user))
        }
    }
}

struct PantryLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign this profile in with email and password, then sync.")

    @OptionGroup var options: PantryOptions
    @Option(help: "Your email address.") var email: String
    @OptionGroup var password: PantryPasswordOptions

    func run() async throws {
        try await PantrySession.run(options) { client, output in
            let user = try await client.account.login(email: email, password: try password.resolve())
            await output.syncAfterSignIn(client)
            try output.result("Signed in as \(user.displayName) (profile '\(options.profileName)').", json: encoded(user))
        }
    }
}

struct PantryLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Sign out and erase this profile's local data.",
        discussion: "Refuses while local changes have not reached the server; sync first, or pass --discard to drop them.")

    @OptionGroup var options: PantryOptions
    @Flag(help: "Sign out even if local changes would be lost.") var discard = false

    func run() async throws {
        try await PantrySession.run(options) { client, output in
            if try client.store.pendingCount() > 0 && !discard { _ = try? await client.sync.sync() }
            try await client.account.logout(discardingUnsyncedChanges: discard)
            try output.result("Signed out of profile '\(options.profileName)'.", json: ["signed_out": true])
        }
    }
}

struct PantryWhoAmICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami", abstract: "Show who this profile is signed in as and their household (asks the server).")

    @OptionGroup var options: PantryOptions

    func run() async throws {
        try await PantrySession.run(options) { client, output in
            guard await client.account.signedInUserID != nil else { throw PantryPalError.signedOut }
            let (user, household) = try await client.account.me()
            let premium = household.map { $0.isPremiumActive(at: client.clock.now) ? "premium" : "free" } ?? ""
            try output.table(
                ["id", "email", "name", "household", "plan"], [[user.id, user.email, user.displayName, household?.name ?? "none", premium]],
                json: ["user": encoded(user), "household": household.map(encoded) ?? .null], empty: "")
        }
    }
}
