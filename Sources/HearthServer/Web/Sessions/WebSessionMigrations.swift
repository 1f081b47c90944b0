import HearthStore

/// Schema of signed-in browser sessions (module `hearth_web`).
public enum WebSessionMigrations {
    public static let all: [Migration] = [
        Migration(
            module: "hearth_web", version: 1, name: "web sessions",
            sql: [
                """
                CREATE TABLE hearth_web_sessions (
                    id_hash TEXT PRIMARY KEY, app TEXT NOT NULL, user_id TEXT NOT NULL, csrf_token TEXT NOT NULL,
                    created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL)
                """,
                "CREATE INDEX hearth_web_sessions_by_user ON hearth_web_sessions (app, user_id)",
            ])
    ]
}
