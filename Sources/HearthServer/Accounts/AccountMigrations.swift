import HearthStore

/// Schema of the platform's email-and-password accounts (module `hearth_accounts`), for
/// apps whose users are nothing but an account (ListAll; Rush Day's own sign-in).
public enum AccountMigrations {
    public static let all: [Migration] = [
        Migration(
            module: "hearth_accounts", version: 1, name: "email and password accounts per app",
            sql: [
                """
                CREATE TABLE hearth_accounts (
                    app TEXT NOT NULL, user_id TEXT NOT NULL, email TEXT NOT NULL, password_hash TEXT NOT NULL,
                    name TEXT NOT NULL, created_at BIGINT NOT NULL, PRIMARY KEY (app, user_id))
                """,
                "CREATE UNIQUE INDEX hearth_accounts_by_email ON hearth_accounts (app, email)",
            ])
    ]
}
