/// A failure a `hearth wish` command explains to the user itself.
typealias WishCommandError = CommandError
