import ArgumentParser
import HearthServer

@main
struct Hearth: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hearth",
        abstract: "The self-hosted backend for offline-first mobile apps.",
        discussion: """
            One binary serves every Hearth app's API on embedded SQLite (default) or on \
            PostgreSQL (--database-url). Start with:

              hearth serve                      serve every app under /<app name>
              hearth serve --app <name>         serve one app at the root path
              hearth migrate                    bring the database schema up to date
              hearth backup FILE                back up SQLite while serving
              hearth restore FILE               restore it (no server running)
              hearth admin …                    accounts: list, disable, delete; stats
              hearth bench feed|sync|pantry|…   measure speed on this machine
              hearth wish …                     Wish With Me from the terminal
              hearth pantry …                   PantryPal from the terminal
              hearth list …                     ListAll from the terminal
              hearth knot …                     Knot from the terminal
              hearth events …                   Rush Day from the terminal (gRPC)
              hearth wish import-couchdb …      move in from the original Wish With Me
              hearth pantry import-sqlite FILE  move in from the original PantryPal

            Every option can also be set with a HEARTH_* environment variable; see \
            'hearth serve --help'.
            """,
        version: HearthVersion.current,
        subcommands: [ServeCommand.self, MigrateCommand.self, BackupCommand.self, RestoreCommand.self, AdminCommand.self, BenchCommand.self, WishCommand.self, PantryCommand.self, ListCommand.self, KnotCommand.self, EventsCommand.self]
    )
}
