import ArgumentParser

struct WishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wish",
        abstract: "Use Wish With Me from the terminal: wishlists, items, share links and marks, offline first.",
        discussion: """
            Reads come from this device and work offline; changes are saved here first and \
            sent to the server when it is reachable. Each --profile is a separate person \
            with its own sign-in and data, so two people can be tried out on one machine:

              hearth wish register --profile alice --email alice@example.com --name Alice
              hearth wish wishlists create "Birthday" --profile alice
              hearth wish items add Birthday --title "Blue kettle" --profile alice
              hearth wish share create Birthday --mark --profile alice   (prints a link)
              hearth wish register --profile bob --email bob@example.com --name Bob
              hearth wish open <link> --profile bob
              hearth wish mark "Blue kettle" --profile bob     (Alice never sees marks)

            Operators moving from the original backend: 'hearth wish import-couchdb --help'.
            """,
        subcommands: [
            WishRegisterCommand.self, WishLoginCommand.self, WishLogoutCommand.self, WishWhoAmICommand.self,
            WishWishlistsCommand.self, WishItemsCommand.self, WishShareCommand.self, WishOpenCommand.self,
            WishMarkCommand.self, WishUnmarkCommand.self, WishBookmarksCommand.self, WishProfileCommand.self,
            WishSyncCommand.self, WishStatusCommand.self, WishResolveCommand.self, WishImportCouchDBCommand.self,
        ])
}
