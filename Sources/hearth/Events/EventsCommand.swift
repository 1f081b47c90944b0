import ArgumentParser

struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Use Rush Day from the terminal: plan events with tasks, guests, agenda and budget, alone or with co-hosts.",
        discussion: """
            Talks to a Rush Day server: accounts over HTTP (--server), everything else over \
            gRPC (--grpc). A first session, with `hearth serve --app rushday` running:

              hearth events register --email you@example.com --name "Ann"
              hearth events create --name "Garden party" --date 2026-06-14T15:00
              hearth events tasks add <event> "Book the garden"
              hearth events guests add <event> "Bob" --email bob@example.com
              hearth events guests invite <event> Bob       prints Bob's RSVP link
              hearth events budget expense <event> Cake 45.50
              hearth events cohosts share <event> "Cid"     prints the co-host link
              hearth events list

            <event> is an event's id, the start of it (as `list` shows), or its exact name. \
            Amounts are in the event's currency with its decimals ("12.50"). Dates are \
            2026-06-14 (all day) or 2026-06-14T15:00 in your time zone. Each --profile is \
            a separate account with its own sign-in.
            """,
        subcommands: [
            EventsRegisterCommand.self, EventsLoginCommand.self, EventsLogoutCommand.self, EventsListCommand.self,
            EventsCreateCommand.self, EventsShowCommand.self, EventsEditCommand.self, EventsDeleteCommand.self,
            EventsTasksCommand.self, EventsGuestsCommand.self, EventsAgendaCommand.self, EventsBudgetCommand.self,
            EventsCoHostsCommand.self, EventsPlanCommand.self, EventsChatCommand.self,
        ])
}
