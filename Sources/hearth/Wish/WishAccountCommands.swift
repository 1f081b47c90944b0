import ArgumentParser
import Foundation
import HearthClient
import HearthCore
import WishWithMeKit

struct WishRegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register", abstract: "Create an account on the server and sign this profile in.")

    @OptionGroup var options: WishOptions
    @Option(help: "Your email address.") var email: String
    @Option(help: "The name friends see (1–100 characters).") var name: String
    @Option(help: "ru or en (default: ru, as the original app).") var locale: String?
    @OptionGroup var password: WishPasswordOptions

    func run() async throws {
        try await WishSession.run(options) { client, output in
            let user = try await client.account.register(
                email: email, password: try password.resolve(), name: name, locale: locale)
            await output.syncAfterWrite(client)
            try output.result("Registered and signed in as \(user.name) <\(user.email)> (profile '\(options.profileName)').", json: try JSONValueEncoder().encode(user))
        }
    }
}

struct WishLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign this profile in with email and password, then sync.")

    @OptionGroup var options: WishOptions
    @Option(help: "Your email address.") var email: String
    @OptionGroup var password: WishPasswordOptions
    @Option(name: .customLong("protocol"), help: "Sync protocol for this profile: delta (default) or legacy (the original app's).")
    var syncProtocol: WishSyncProtocol?

    func run() async throws {
        try await WishSession.run(options, syncProtocol: syncProtocol) { client, output in
            let user = try await client.account.login(email: email, password: try password.resolve())
            await output.syncAfterWrite(client)
            try output.result("Signed in as \(user.name) <\(user.email)> (profile '\(options.profileName)').", json: try JSONValueEncoder().encode(user))
        }
    }
}

extension WishSyncProtocol: ExpressibleByArgument {}

struct WishLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out and erase this profile's local data.",
        discussion: "Refuses while local changes have not reached the server; sync first, or pass --discard to drop them.")

    @OptionGroup var options: WishOptions
    @Flag(help: "Sign out even if local changes would be lost.") var discard = false

    func run() async throws {
        try await WishSession.run(options) { client, output in
            if try client.store.pendingCount() > 0 && !discard { _ = try? await client.sync.sync() }
            try await client.account.logout(discardingUnsyncedChanges: discard)
            try output.result("Signed out of profile '\(options.profileName)'.", json: ["signed_out": true])
        }
    }
}

struct WishWhoAmICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami", abstract: "Show who this profile is signed in as (asks the server, falls back to local data).")

    @OptionGroup var options: WishOptions

    func run() async throws {
        try await WishSession.run(options) { client, output in
            guard await client.account.signedInUserID != nil else { throw WishWithMeError.signedOut }
            do {
                let user = try await client.account.me()
                try output.table(
                    ["id", "email", "name", "locale"], [[user.id, user.email, user.name, user.locale]],
                    json: try JSONValueEncoder().encode(user), empty: "")
            } catch let error as ClientError where error.isTransient {
                guard let profile = try await client.profile.current() else { throw error }
                output.note("The server is unreachable; showing the profile stored on this device.")
                try output.table(
                    ["id", "email", "name", "locale"], [[profile.id, profile.email ?? "", profile.name ?? "", profile.locale]],
                    json: profile.jsonValue, empty: "")
            }
        }
    }
}
