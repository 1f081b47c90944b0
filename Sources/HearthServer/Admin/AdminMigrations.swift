import HearthStore

/// Schema of what operators decide about accounts (module `hearth_admin`), for every app:
/// which accounts are disabled and since when their sessions are over, and the one-time
/// password reset links. In the database, so every process serving it sees the same.
public enum AdminMigrations {
    public static let all: [Migration] = [
        Migration(
            module: "hearth_admin", version: 1, name: "account states and password reset links",
            sql: [
                """
                CREATE TABLE hearth_account_states (
                    app TEXT NOT NULL, user_id TEXT NOT NULL, disabled_at BIGINT, sessions_ended_at BIGINT,
                    PRIMARY KEY (app, user_id))
                """,
                """
                CREATE TABLE hearth_password_resets (
                    token_hash TEXT PRIMARY KEY, app TEXT NOT NULL, user_id TEXT NOT NULL, created_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL, used_at BIGINT)
                """,
                "CREATE INDEX hearth_password_resets_by_user ON hearth_password_resets (app, user_id)",
            ])
    ]
}
