import ArgumentParser

/// The `--app` every `hearth admin` command about accounts takes.
struct AdminAppOption: ParsableArguments {
    @Option(help: ArgumentHelp("The app whose accounts to administer: wishwithme, pantrypal, listall or knot.", valueName: "name"))
    var app: String
}

/// The account a command acts on.
struct AdminUserArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The account: its email address (any case) or its user id.", valueName: "user"))
    var user: String
}
