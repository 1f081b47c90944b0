import HearthStore

/// Wish With Me's own tables (prefix `wwm_`). The synced documents themselves live in the
/// platform's document table; these hold what must never be synced (credentials, OAuth
/// state) and the indexes the rules need (which items belong to a wishlist, who was
/// granted access through which link).
enum WishWithMeMigrations {
    static let all: [Migration] = [
        Migration(
            module: "wwm", version: 1, name: "accounts, grants and relations",
            sql: [
                """
                CREATE TABLE wwm_accounts (
                    user_id TEXT PRIMARY KEY, email TEXT NOT NULL, password_hash TEXT, created_at BIGINT NOT NULL)
                """,
                "CREATE UNIQUE INDEX wwm_accounts_email ON wwm_accounts (email)",
                """
                CREATE TABLE wwm_relations (
                    doc_id TEXT PRIMARY KEY, collection TEXT NOT NULL, wishlist_id TEXT, item_id TEXT, user_id TEXT)
                """,
                "CREATE INDEX wwm_relations_by_wishlist ON wwm_relations (wishlist_id, collection)",
                "CREATE INDEX wwm_relations_by_item ON wwm_relations (item_id)",
                "CREATE INDEX wwm_relations_by_user ON wwm_relations (user_id, collection)",
                """
                CREATE TABLE wwm_grants (
                    share_id TEXT NOT NULL, user_id TEXT NOT NULL, wishlist_id TEXT NOT NULL, link_type TEXT NOT NULL,
                    granted_at BIGINT NOT NULL, PRIMARY KEY (share_id, user_id))
                """,
                "CREATE INDEX wwm_grants_by_wishlist ON wwm_grants (wishlist_id, user_id)",
                "CREATE TABLE wwm_share_tokens (token TEXT PRIMARY KEY, share_id TEXT NOT NULL)",
                "CREATE TABLE wwm_slugs (slug TEXT PRIMARY KEY, user_id TEXT NOT NULL)",
                "CREATE UNIQUE INDEX wwm_slugs_by_user ON wwm_slugs (user_id)",
                """
                CREATE TABLE wwm_social_accounts (
                    id TEXT PRIMARY KEY, user_id TEXT NOT NULL, provider TEXT NOT NULL, provider_user_id TEXT NOT NULL,
                    email TEXT, profile_data TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)
                """,
                "CREATE INDEX wwm_social_accounts_by_user ON wwm_social_accounts (user_id)",
                """
                CREATE TABLE wwm_oauth_states (
                    id TEXT PRIMARY KEY, provider TEXT NOT NULL, action TEXT NOT NULL, user_id TEXT, callback_url TEXT NOT NULL,
                    code_verifier TEXT NOT NULL, nonce TEXT NOT NULL, expires_at BIGINT NOT NULL)
                """,
            ])
    ]
}
