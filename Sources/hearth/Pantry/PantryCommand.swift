import ArgumentParser

struct PantryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pantry",
        abstract: "Use PantryPal from the terminal: a household's stock, checkouts and shopping list, offline first.",
        discussion: """
            Reads come from this device and work offline; changes are saved here first and \
            sent to the server when it is reachable (each exactly once, in order). Each \
            --profile is a separate person with its own sign-in and data, so a household of \
            two can be tried out on one machine:

              hearth pantry register --profile alice --email alice@example.com --name "Alice Smith"
              hearth pantry household create "Smith Household" --profile alice
              hearth pantry premium --profile alice --admin-key <the server's HEARTH_PP_ADMIN_KEY>
              hearth pantry household invite --profile alice          (needs Premium; prints a code)
              hearth pantry register --profile bob --email bob@example.com --name "Bob Smith"
              hearth pantry household join <code> --profile bob
              hearth pantry inventory add --upc 0123456789012 --name "Oat milk" --quantity 2 --location Fridge --profile alice
              hearth pantry checkout 0123456789012 --profile bob
              hearth pantry inventory --profile alice                  (after a sync Alice sees 1 left)

            The server is the PantryPal API ending in /api (see --server).
            """,
        subcommands: [
            PantryRegisterCommand.self, PantryLoginCommand.self, PantryLogoutCommand.self, PantryWhoAmICommand.self,
            PantryHouseholdCommand.self, PantryProductsCommand.self, PantryInventoryCommand.self, PantryLocationsCommand.self,
            PantryCheckoutCommand.self, PantryGroceryCommand.self, PantrySyncCommand.self, PantryStatusCommand.self,
            PantryPremiumCommand.self, PantryImportCommand.self,
        ])
}
