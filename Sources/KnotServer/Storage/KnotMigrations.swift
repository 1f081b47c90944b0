import HearthStore

/// Knot's tables (prefix `knot_`): spec §3.3 with Hearth's storage conventions — times as
/// integer milliseconds (`BIGINT`), booleans as 0/1, JSON as text, vectors as little-endian
/// float32 bytes — so both engines hold exactly what the code wrote. Every child row
/// cascades from its parent, as §3.5 lists.
enum KnotMigrations {
    static let module = "knot"

    static var all: [Migration] { [authSchema, appSchema, recommendationSchema, notificationSchema, hintSearchIndex] }

    /// The GoTrue-compatible accounts (spec §3.3 "Auth tables").
    static let authSchema = Migration(
        module: module, version: 1, name: "knot auth schema",
        sql: [
            """
            CREATE TABLE knot_auth_users (
                id TEXT PRIMARY KEY, email TEXT UNIQUE, encrypted_password TEXT,
                email_confirmed_at BIGINT, confirmation_sent_at BIGINT, last_sign_in_at BIGINT,
                app_metadata TEXT NOT NULL, user_metadata TEXT NOT NULL, is_anonymous INTEGER NOT NULL,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE knot_auth_identities (
                id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES knot_auth_users (id) ON DELETE CASCADE,
                provider TEXT NOT NULL, provider_id TEXT NOT NULL, identity_data TEXT NOT NULL, email TEXT,
                last_sign_in_at BIGINT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
                UNIQUE (provider, provider_id))
            """,
            "CREATE INDEX knot_auth_identities_by_user ON knot_auth_identities (user_id)",
            """
            CREATE TABLE knot_auth_sessions (
                id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES knot_auth_users (id) ON DELETE CASCADE,
                aal TEXT NOT NULL, amr TEXT NOT NULL, user_agent TEXT, ip TEXT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, refreshed_at BIGINT, revoked_at BIGINT)
            """,
            "CREATE INDEX knot_auth_sessions_by_user ON knot_auth_sessions (user_id)",
            """
            CREATE TABLE knot_auth_refresh_tokens (
                id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE,
                session_id TEXT NOT NULL REFERENCES knot_auth_sessions (id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES knot_auth_users (id) ON DELETE CASCADE,
                parent_id TEXT, revoked INTEGER NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX knot_auth_refresh_tokens_by_session ON knot_auth_refresh_tokens (session_id)",
            """
            CREATE TABLE knot_auth_one_time_tokens (
                id TEXT PRIMARY KEY, user_id TEXT REFERENCES knot_auth_users (id) ON DELETE CASCADE,
                token_type TEXT NOT NULL, link_token_hash TEXT NOT NULL UNIQUE, otp_hash TEXT NOT NULL, email TEXT NOT NULL,
                redirect_to TEXT, code_challenge TEXT, code_challenge_method TEXT,
                created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, consumed_at BIGINT)
            """,
            "CREATE INDEX knot_auth_one_time_tokens_by_email ON knot_auth_one_time_tokens (email)",
            """
            CREATE TABLE knot_auth_flow_state (
                id TEXT PRIMARY KEY, auth_code TEXT NOT NULL UNIQUE,
                user_id TEXT NOT NULL REFERENCES knot_auth_users (id) ON DELETE CASCADE,
                code_challenge TEXT NOT NULL, code_challenge_method TEXT NOT NULL, authentication_method TEXT NOT NULL,
                created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, consumed_at BIGINT)
            """,
            // When a mail last went to each address: one mail per address per
            // `emailRateLimitSeconds`, claimed atomically so it holds across processes.
            "CREATE TABLE knot_auth_mail_sends (email TEXT PRIMARY KEY, last_sent_at BIGINT NOT NULL)",
        ])

    /// Profiles, the partner vault, hints and device tokens (spec §3.3 "Application tables").
    static let appSchema = Migration(
        module: module, version: 2, name: "knot vault, hints and profiles",
        sqlite: appTables(vector: "BLOB"), postgres: appTables(vector: "BYTEA"))

    private static func appTables(vector: String) -> [String] {
        [
            """
            CREATE TABLE knot_users (
                id TEXT PRIMARY KEY REFERENCES knot_auth_users (id) ON DELETE CASCADE, email TEXT,
                quiet_hours_start INTEGER NOT NULL, quiet_hours_end INTEGER NOT NULL, timezone TEXT,
                notifications_enabled INTEGER NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
                CHECK (quiet_hours_start BETWEEN 0 AND 23), CHECK (quiet_hours_end BETWEEN 0 AND 23))
            """,
            // Several devices per user (Hearth decision 8); one row per token.
            """
            CREATE TABLE knot_device_tokens (
                device_token TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES knot_users (id) ON DELETE CASCADE,
                platform TEXT NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
                CHECK (platform IN ('ios', 'android')))
            """,
            "CREATE INDEX knot_device_tokens_by_user ON knot_device_tokens (user_id)",
            """
            CREATE TABLE knot_partner_vaults (
                id TEXT PRIMARY KEY, user_id TEXT NOT NULL UNIQUE REFERENCES knot_users (id) ON DELETE CASCADE,
                partner_name TEXT NOT NULL, relationship_tenure_months INTEGER, cohabitation_status TEXT,
                location_city TEXT, location_state TEXT, location_country TEXT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE knot_partner_interests (
                id TEXT PRIMARY KEY, vault_id TEXT NOT NULL REFERENCES knot_partner_vaults (id) ON DELETE CASCADE,
                interest_type TEXT NOT NULL, interest_category TEXT NOT NULL, position INTEGER NOT NULL, created_at BIGINT NOT NULL,
                UNIQUE (vault_id, interest_category), CHECK (interest_type IN ('like', 'dislike')))
            """,
            """
            CREATE TABLE knot_partner_milestones (
                id TEXT PRIMARY KEY, vault_id TEXT NOT NULL REFERENCES knot_partner_vaults (id) ON DELETE CASCADE,
                milestone_type TEXT NOT NULL, milestone_name TEXT NOT NULL, milestone_date TEXT NOT NULL,
                recurrence TEXT NOT NULL, budget_tier TEXT NOT NULL, position INTEGER NOT NULL, created_at BIGINT NOT NULL)
            """,
            "CREATE INDEX knot_partner_milestones_by_vault ON knot_partner_milestones (vault_id)",
            """
            CREATE TABLE knot_partner_vibes (
                id TEXT PRIMARY KEY, vault_id TEXT NOT NULL REFERENCES knot_partner_vaults (id) ON DELETE CASCADE,
                vibe_tag TEXT NOT NULL, position INTEGER NOT NULL, created_at BIGINT NOT NULL, UNIQUE (vault_id, vibe_tag))
            """,
            """
            CREATE TABLE knot_partner_budgets (
                id TEXT PRIMARY KEY, vault_id TEXT NOT NULL REFERENCES knot_partner_vaults (id) ON DELETE CASCADE,
                occasion_type TEXT NOT NULL, min_amount BIGINT NOT NULL, max_amount BIGINT NOT NULL, currency TEXT NOT NULL,
                created_at BIGINT NOT NULL, UNIQUE (vault_id, occasion_type),
                CHECK (min_amount >= 0), CHECK (max_amount >= min_amount))
            """,
            """
            CREATE TABLE knot_partner_love_languages (
                id TEXT PRIMARY KEY, vault_id TEXT NOT NULL REFERENCES knot_partner_vaults (id) ON DELETE CASCADE,
                language TEXT NOT NULL, priority INTEGER NOT NULL, created_at BIGINT NOT NULL,
                UNIQUE (vault_id, priority), UNIQUE (vault_id, language), CHECK (priority IN (1, 2)))
            """,
            """
            CREATE TABLE knot_hints (
                id TEXT PRIMARY KEY, vault_id TEXT NOT NULL REFERENCES knot_partner_vaults (id) ON DELETE CASCADE,
                hint_text TEXT NOT NULL, hint_embedding \(vector), embedding_model TEXT, source TEXT NOT NULL,
                is_used INTEGER NOT NULL, created_at BIGINT NOT NULL,
                CHECK (source IN ('text_input', 'voice_transcription')))
            """,
            "CREATE INDEX knot_hints_by_vault ON knot_hints (vault_id, created_at)",
        ]
    }

    /// Stored recommendations and the feedback on them (spec §3.3), with the extra columns
    /// of §2 #12. Recommendations are historical: deleting a milestone only clears
    /// `milestone_id`; deleting the vault (or the user, for feedback) removes them.
    static let recommendationSchema = Migration(
        module: module, version: 3, name: "knot recommendations and feedback",
        sqlite: recommendationTables(real: "REAL"), postgres: recommendationTables(real: "DOUBLE PRECISION"))

    private static func recommendationTables(real: String) -> [String] {
        [
            """
            CREATE TABLE knot_recommendations (
                id TEXT PRIMARY KEY, vault_id TEXT NOT NULL REFERENCES knot_partner_vaults (id) ON DELETE CASCADE,
                milestone_id TEXT REFERENCES knot_partner_milestones (id) ON DELETE SET NULL,
                recommendation_type TEXT NOT NULL, title TEXT NOT NULL, description TEXT, external_url TEXT,
                price_cents BIGINT, merchant_name TEXT, image_url TEXT, currency TEXT NOT NULL, source TEXT,
                location TEXT, metadata TEXT NOT NULL, interest_score \(real) NOT NULL, vibe_score \(real) NOT NULL,
                love_language_score \(real) NOT NULL, final_score \(real) NOT NULL, created_at BIGINT NOT NULL,
                CHECK (recommendation_type IN ('gift', 'experience', 'date')), CHECK (price_cents >= 0))
            """,
            "CREATE INDEX knot_recommendations_by_vault ON knot_recommendations (vault_id, created_at)",
            "CREATE INDEX knot_recommendations_by_milestone ON knot_recommendations (milestone_id)",
            """
            CREATE TABLE knot_recommendation_feedback (
                id TEXT PRIMARY KEY,
                recommendation_id TEXT NOT NULL REFERENCES knot_recommendations (id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES knot_users (id) ON DELETE CASCADE,
                action TEXT NOT NULL, rating INTEGER, feedback_text TEXT, created_at BIGINT NOT NULL,
                CHECK (action IN ('selected', 'refreshed', 'saved', 'shared', 'rated', 'handoff', 'purchased')),
                CHECK (rating BETWEEN 1 AND 5))
            """,
            "CREATE INDEX knot_recommendation_feedback_by_recommendation ON knot_recommendation_feedback (recommendation_id)",
            "CREATE INDEX knot_recommendation_feedback_by_user ON knot_recommendation_feedback (user_id)",
        ]
    }

    /// Milestone reminders (spec §8.2) and learned weights (§7). A reminder row goes with
    /// its milestone and its user; its job finds no row and ends as "not found".
    static let notificationSchema = Migration(
        module: module, version: 4, name: "knot reminders and learned weights",
        sql: [
            """
            CREATE TABLE knot_notification_queue (
                id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES knot_users (id) ON DELETE CASCADE,
                milestone_id TEXT NOT NULL REFERENCES knot_partner_milestones (id) ON DELETE CASCADE,
                scheduled_for BIGINT NOT NULL, days_before INTEGER NOT NULL, status TEXT NOT NULL,
                sent_at BIGINT, viewed_at BIGINT, created_at BIGINT NOT NULL,
                UNIQUE (milestone_id, days_before, scheduled_for),
                CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')))
            """,
            "CREATE INDEX knot_notification_queue_by_user ON knot_notification_queue (user_id, status)",
            """
            CREATE TABLE knot_user_preference_weights (
                user_id TEXT PRIMARY KEY REFERENCES knot_users (id) ON DELETE CASCADE,
                interest_weights TEXT NOT NULL, vibe_weights TEXT NOT NULL, love_language_weights TEXT NOT NULL,
                type_weights TEXT NOT NULL, feedback_count INTEGER NOT NULL, updated_at BIGINT NOT NULL)
            """,
        ])

    /// Semantic search pages through a vault's hints of one model by id; this index makes
    /// each page a range scan instead of a sort of every hint (and, on SQLite, spares
    /// reading past the vectors of other models' rows).
    static let hintSearchIndex = Migration(
        module: module, version: 5, name: "knot hint search index",
        sql: ["CREATE INDEX knot_hints_by_vault_model ON knot_hints (vault_id, embedding_model, id)"])
}
