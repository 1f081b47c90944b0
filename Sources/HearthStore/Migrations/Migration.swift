/// One versioned schema step of one module (`hearth_documents`, `wwm`, `pp`, …).
///
/// Statements are plain SQL; where the engines disagree (identity columns, binary types)
/// a migration gives each engine its own statements.
public struct Migration: Sendable, Hashable {
    public let module: String
    public let version: Int
    public let name: String
    public let sqlite: [String]
    public let postgres: [String]

    /// The same statements on both engines.
    public init(module: String, version: Int, name: String, sql: [String]) {
        self.init(module: module, version: version, name: name, sqlite: sql, postgres: sql)
    }

    public init(module: String, version: Int, name: String, sqlite: [String], postgres: [String]) {
        self.module = module
        self.version = version
        self.name = name
        self.sqlite = sqlite
        self.postgres = postgres
    }

    public func statements(for dialect: SQLDialect) -> [String] {
        switch dialect {
        case .sqlite: sqlite
        case .postgres: postgres
        }
    }
}
