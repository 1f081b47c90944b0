import ArgumentParser
import Foundation
import HearthServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct AdminDeleteUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-user",
        abstract: "Delete an account and all its data. Cannot be undone.",
        discussion: """
            Ends the account's sessions, then deletes it with everything that is theirs:

              wishwithme  their profile, their wishlists with items, marks and share links,
                          their marks on others' wishlists, bookmarks and linked sign-ins
              pantrypal   the user; their household with all its data when they are its
                          last member, otherwise only their membership (ownership passes
                          to the earliest other member)
              listall     the account and all its lists, items, images and preferences

            Synced documents are deleted as deletions, so the person's other devices and the \
            people they shared with see them disappear when they sync.

            Asks for the account's email address as confirmation on a terminal; elsewhere \
            (scripts, pipes) it refuses unless given --yes.

              hearth admin delete-user --app wishwithme dave@example.com
              hearth admin delete-user --app listall carol@example.com --yes
            """)

    @OptionGroup var app: AdminAppOption
    @OptionGroup var account: AdminUserArgument
    @Flag(help: "Delete without asking (for scripts).")
    var yes = false
    @OptionGroup var storage: StorageOptions

    func run() async throws {
        do {
            let (who, deletion) = try await AdminSession.run(storage) { session in
                let administrator = try await session.administrator(for: app.app)
                let found = try await administrator.find(account.user)
                let who = "\(found.email) (\(found.userID)) of \(administrator.displayName)"
                if !yes { try Self.confirm(who: who, email: found.email) }
                return (who, try await administrator.delete(found))
            }
            print("Deleted \(who), with:")
            for removed in deletion.removed where removed.count > 0 { print("  \(removed.what): \(removed.count)") }
        } catch {
            throw AdminCommandError.exit(error, context: "cannot delete the account")
        }
    }

    /// Asks on the terminal for the account's email; throws unless it was typed back.
    static func confirm(who: String, email: String) throws {
        guard isatty(STDIN_FILENO) == 1 else {
            throw AdminCommandError("refusing to delete \(who) without confirmation: standard input is not a terminal; pass --yes")
        }
        FileHandle.standardError.write(Data(
            "This deletes \(who) and all their data. It cannot be undone.\nType the account's email address to confirm: ".utf8))
        let typed = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces) ?? ""
        guard typed.lowercased() == email.lowercased() else {
            throw AdminCommandError("not confirmed; nothing was deleted")
        }
    }
}
