import ArgumentParser
import Foundation
import HearthCore
import WishWithMeKit

struct WishProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Show or edit your profile.",
        subcommands: [Show.self, Edit.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Your profile as synced to this device.")

        @OptionGroup var options: WishOptions

        func run() async throws {
            try await WishSession.run(options) { client, output in
                guard let profile = try await client.profile.current() else {
                    throw WishCommandError("Your profile is not on this device yet. Run `hearth wish sync`.")
                }
                let avatar = profile.hasDefaultAvatar ? "default" : (profile.avatarBase64 == nil ? "none" : "custom")
                try output.table(
                    ["field", "value"],
                    [
                        ["name", profile.name ?? ""], ["email", profile.email ?? ""], ["bio", profile.bio ?? ""],
                        ["birthday", profile.birthday ?? ""], ["locale", profile.locale], ["slug", profile.publicURLSlug ?? ""],
                        ["avatar", avatar],
                    ], json: profile.jsonValue, empty: "")
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change your name, bio, birthday, locale, public slug or avatar (\"\" clears an optional field).")

        @OptionGroup var options: WishOptions
        @Option(help: "1–100 characters.") var name: String?
        @Option(help: "Up to 500 characters.") var bio: String?
        @Option(help: "YYYY-MM-DD.") var birthday: String?
        @Option(help: "ru or en.") var locale: String?
        @Option(help: "Lowercase letters, digits and '-', up to 50; unique on the server.") var slug: String?
        @Option(help: "An image file (PNG, JPEG, GIF, WebP or SVG, up to 1 MiB).", completion: .file()) var avatar: String?

        func run() async throws {
            try await WishSession.run(options) { client, output in
                if let avatar {
                    guard let bytes = FileManager.default.contents(atPath: avatar) else {
                        throw WishCommandError("Cannot read \(avatar); check the path.")
                    }
                    try await client.profile.setAvatar(imageBytes: Array(bytes))
                }
                let profile = try await client.profile.edit { profile in
                    if let name { profile.name = name }
                    if let bio { profile.bio = bio.isEmpty ? nil : bio }
                    if let birthday { profile.birthday = birthday.isEmpty ? nil : birthday }
                    if let locale { profile.locale = locale }
                    if let slug { profile.publicURLSlug = slug.isEmpty ? nil : slug }
                }
                await output.syncAfterWrite(client)
                try output.result("Profile updated.", json: profile.jsonValue)
            }
        }
    }
}
