import HearthStore

/// Schema of the platform's auth tables (module `hearth_auth`).
public enum AuthMigrations {
    public static let all: [Migration] = [
        Migration(
            module: "hearth_auth", version: 1, name: "refresh tokens",
            sql: [
                """
                CREATE TABLE hearth_refresh_tokens (
                    token_hash TEXT PRIMARY KEY, app TEXT NOT NULL, user_id TEXT NOT NULL, family_id TEXT NOT NULL,
                    issued_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, rotated_at BIGINT, revoked_at BIGINT,
                    grace_reuses INTEGER NOT NULL DEFAULT 0)
                """,
                "CREATE INDEX hearth_refresh_tokens_by_family ON hearth_refresh_tokens (family_id)",
                "CREATE INDEX hearth_refresh_tokens_by_user ON hearth_refresh_tokens (app, user_id)",
            ]),
        Migration(
            module: "hearth_auth", version: 2, name: "server keys",
            sql: ["CREATE TABLE hearth_server_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL, created_at BIGINT NOT NULL)"]),
    ]
}
