import PostgresNIO

/// What PostgreSQL said about a failed statement, for an operator's error line.
/// PostgresNIO hides the server's message by default (it may quote data); the message
/// and SQLSTATE are what says what to do, and never carry bound values.
public enum PostgresErrorDescription {
    public static func describe(_ error: any Error) -> String? {
        guard let error = error as? PSQLError else { return nil }
        guard let info = error.serverInfo, let message = info[.message] else { return "PostgreSQL: \(error.code)" }
        return "PostgreSQL said: \(message) (SQLSTATE \(info[.sqlState] ?? "?"))"
    }
}
