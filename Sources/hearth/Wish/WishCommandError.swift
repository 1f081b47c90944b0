/// A failure a `hearth wish` command explains to the user itself.
struct WishCommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
