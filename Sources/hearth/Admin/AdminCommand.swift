import ArgumentParser

struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Administer the accounts of Wish With Me, PantryPal, ListAll and Knot on this server's database.",
        discussion: """
            Works directly on the database (the same --data-dir or --database-url as \
            'hearth serve'), while the server runs or not. On PostgreSQL what it does holds at \
            once on every hearth process sharing the database. An account is named by its \
            email address (any case) or its user id.

              hearth admin users --app wishwithme --find alice
              hearth admin disable --app pantrypal bob@example.com
              hearth admin enable --app pantrypal bob@example.com
              hearth admin reset-password --app listall carol@example.com
              hearth admin reset-password --app listall carol@example.com --stdin
              hearth admin delete-user --app wishwithme dave@example.com
              hearth admin stats

            A disabled account is signed out everywhere at once and cannot sign in until it \
            is enabled. reset-password prints a one-time link to a page where the person \
            chooses a new password, or with --stdin sets the one it reads. delete-user asks \
            for confirmation (--yes in scripts).
            """,
        subcommands: [
            AdminUsersCommand.self, AdminDisableCommand.self, AdminEnableCommand.self, AdminResetPasswordCommand.self,
            AdminDeleteUserCommand.self, AdminStatsCommand.self,
        ])
}
