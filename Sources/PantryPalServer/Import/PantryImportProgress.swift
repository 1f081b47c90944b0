/// How far an import has come: rows handled out of all rows of the original.
public struct PantryImportProgress: Sendable, Hashable {
    public var done: Int
    public var total: Int
}
