import ArgumentParser
import HearthCore
import RushDayKit

struct EventsRegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register", abstract: "Create a Rush Day account on the server and sign this profile in.")

    @OptionGroup var options: EventsOptions
    @Option(help: "Your email address.") var email: String
    @Option(help: "Your name, as co-hosts and guests will see it.") var name: String
    @OptionGroup var password: EventsPasswordOptions

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let user = try await client.account.register(email: email, password: try password.resolve(), name: name)
            try output.result(
                "Registered and signed in as \(user.email) (profile '\(options.profileName)'). Next: `hearth events create --name … --date …`.",
                json: ["user": ["id": .string(user.id), "email": .string(user.email), "name": .string(user.name)]])
        }
    }
}

struct EventsLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "login", abstract: "Sign this profile in with email and password.")

    @OptionGroup var options: EventsOptions
    @Option(help: "Your email address.") var email: String
    @OptionGroup var password: EventsPasswordOptions

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let user = try await client.account.login(email: email, password: try password.resolve())
            try output.result(
                "Signed in as \(user.email) (profile '\(options.profileName)').",
                json: ["user": ["id": .string(user.id), "email": .string(user.email), "name": .string(user.name)]])
        }
    }
}

struct EventsLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Sign out: end the session on the server and forget it here.")

    @OptionGroup var options: EventsOptions

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            try await client.account.logout()
            try output.result("Signed out of profile '\(options.profileName)'.", json: ["signed_out": true])
        }
    }
}
