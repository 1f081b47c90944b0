import ArgumentParser
import Foundation
import HearthClient
import HearthCore
import ListAllKit

struct ListRegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register", abstract: "Create a ListAll account on the server and sign this profile in.")

    @OptionGroup var options: ListOptions
    @Option(help: "Your email address.") var email: String
    @Option(help: "Your name (default: the part of the email before @).") var name: String?
    @OptionGroup var password: ListPasswordOptions
    @Flag(help: "Drop another account's changes that have not reached the server yet.") var discard = false

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let account = try await client.account.register(
                email: email, password: try password.resolve(), name: name ?? String(email.prefix { $0 != "@" }),
                discardingUnsyncedChanges: discard)
            await output.syncAfterWrite(client)
            try output.result(
                "Registered and signed in as \(account.name) <\(account.email)> (profile '\(options.profileName)').",
                json: try JSONValueEncoder().encode(account))
        }
    }
}

struct ListLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign this profile in with email and password, then sync the lists.")

    @OptionGroup var options: ListOptions
    @Option(help: "Your email address.") var email: String
    @Option(help: "Ignored when signing in (accepted so register and login take the same options).") var name: String?
    @OptionGroup var password: ListPasswordOptions
    @Flag(help: "Drop another account's changes that have not reached the server yet.") var discard = false

    func run() async throws {
        try await ListSession.run(options) { client, output in
            let account = try await client.account.login(
                email: email, password: try password.resolve(), discardingUnsyncedChanges: discard)
            await output.syncAfterWrite(client)
            try output.result(
                "Signed in as \(account.name) <\(account.email)> (profile '\(options.profileName)').",
                json: try JSONValueEncoder().encode(account))
        }
    }
}

struct ListLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out and erase this profile's local lists.",
        discussion: "Refuses while local changes have not reached the server; sync first, or pass --discard to drop them.")

    @OptionGroup var options: ListOptions
    @Flag(help: "Sign out even if local changes would be lost.") var discard = false

    func run() async throws {
        try await ListSession.run(options) { client, output in
            if try client.store.pendingCount() > 0 && !discard { _ = try? await client.sync.sync() }
            try await client.account.logout(discardingUnsyncedChanges: discard)
            try output.result("Signed out of profile '\(options.profileName)'.", json: ["signed_out": true])
        }
    }
}

struct ListWhoAmICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami", abstract: "Show who this profile is signed in as (asks the server, falls back to this device).")

    @OptionGroup var options: ListOptions

    func run() async throws {
        try await ListSession.run(options) { client, output in
            guard await client.session.credentials != nil else { throw ListAllError.signedOut }
            let account: AccountIdentity
            do {
                account = try await client.account.me()
            } catch let error as ClientError where error.isTransient {
                guard let stored = try client.account.signedInAccount() else { throw error }
                output.note("The server is unreachable; showing the account stored on this device.")
                account = stored
            }
            try output.table(
                ["id", "email", "name"], [[account.id, account.email, account.name]], json: try JSONValueEncoder().encode(account),
                empty: "")
        }
    }
}
