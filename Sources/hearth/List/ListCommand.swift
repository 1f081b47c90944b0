import ArgumentParser

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Use ListAll from the terminal: lists, items, export and import, offline first.",
        discussion: """
            Reads come from this device and work offline; changes are saved here first and \
            sent to the server when it is reachable, so every device of one account shares \
            every list. Each --profile is one device with its own data. A list or an item is \
            named by its id or by its exact name or title.

              hearth serve --app listall &
              hearth list register --email ann@example.com --password 'correct horse'
              hearth list create Groceries
              hearth list add Groceries Milk --quantity 2 --description "2% low fat"
              hearth list items Groceries --filter all
              hearth list export --format text
              hearth list login --profile laptop --email ann@example.com   (a second device)
            """,
        subcommands: [
            ListRegisterCommand.self, ListLoginCommand.self, ListLogoutCommand.self, ListWhoAmICommand.self,
            ListListsCommand.self, ListCreateCommand.self, ListRenameCommand.self, ListArchiveCommand.self,
            ListRestoreCommand.self, ListDeleteCommand.self, ListDuplicateCommand.self, ListReorderCommand.self,
            ListItemsCommand.self, ListAddCommand.self, ListEditCommand.self, ListCrossCommand.self, ListUncrossCommand.self,
            ListMoveCommand.self, ListCopyCommand.self, ListRemoveCommand.self, ListLinksCommand.self,
            ListExportCommand.self, ListShareCommand.self, ListImportCommand.self, ListSyncCommand.self, ListStatusCommand.self,
        ])
}
