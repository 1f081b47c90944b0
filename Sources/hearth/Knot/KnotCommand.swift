import ArgumentParser

struct KnotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "knot",
        abstract: "Use Knot from the terminal: your partner's profile, hints, and gift and date ideas that fit them.",
        discussion: """
            Everything lives on the server; nothing but saved ideas is kept on this machine. \
            A first session, with `hearth serve --app knot` running:

              hearth knot signup --email you@example.com
              hearth knot vault edit --partner-name Alex --birthday 1990-03-20 \\
                  --interests Travel,Cooking,"Board Games",Concerts,Gardening \\
                  --dislikes Sports,Comedy,Movies,Theater,Dancing \\
                  --vibes romantic,minimalist --love-languages quality_time,receiving_gifts
              hearth knot hints add "She keeps talking about a pottery class"
              hearth knot recommend                       three ideas
              hearth knot refresh --reason too_expensive   three cheaper ones
              hearth knot feedback <id> --action saved     keep one for later

            Each --profile is a separate account with its own sign-in. The server is the \
            app's Supabase URL (see --server); if it checks an anon key, pass it once with \
            --api-key.
            """,
        subcommands: [
            KnotSignupCommand.self, KnotLoginCommand.self, KnotLogoutCommand.self, KnotVaultCommand.self, KnotHintsCommand.self,
            KnotRecommendCommand.self, KnotRefreshCommand.self, KnotFeedbackCommand.self, KnotSavedCommand.self,
            KnotNotificationsCommand.self, KnotExportCommand.self, KnotDeleteAccountCommand.self,
        ])
}
