import HearthStore

/// Schema of the shared rate-limit buckets (module `hearth_limits`). PostgreSQL only:
/// SQLite serves one process, which counts in memory.
///
/// The table is `UNLOGGED`: a bucket write commits without waiting for the WAL to reach
/// the disk (0.12 ms a call instead of 0.29 on a durable server). A database crash or a
/// fail-over to a standby therefore starts every bucket full again; at worst an attacker
/// gets one more window's budget, once.
public enum RateLimitMigrations {
    public static let all: [Migration] = [
        Migration(
            module: "hearth_limits", version: 1, name: "shared rate-limit buckets",
            sqlite: [],
            postgres: [
                """
                CREATE UNLOGGED TABLE hearth_rate_limits (
                    key TEXT PRIMARY KEY, tokens DOUBLE PRECISION NOT NULL, updated_at BIGINT NOT NULL, full_at BIGINT NOT NULL)
                """,
                "CREATE INDEX hearth_rate_limits_by_full_at ON hearth_rate_limits (full_at)",
                // Refill, spend and store one bucket under its row lock; returns the tokens
                // held before spending. Mirrors RateLimitRule and InMemoryRateLimitStore.
                """
                CREATE FUNCTION hearth_rate_limit_take(
                    p_key TEXT, p_limit BIGINT, p_window_ms BIGINT, p_now BIGINT, p_cost DOUBLE PRECISION
                ) RETURNS DOUBLE PRECISION LANGUAGE plpgsql AS $$
                DECLARE
                    per_ms DOUBLE PRECISION := p_limit::DOUBLE PRECISION / p_window_ms;
                    stored_tokens DOUBLE PRECISION;
                    stored_at BIGINT;
                    available DOUBLE PRECISION;
                    remaining DOUBLE PRECISION;
                    at BIGINT;
                BEGIN
                    -- Creates the bucket or locks the existing one, in one statement (a
                    -- separate SELECT could miss a row a concurrent clean-up just removed).
                    INSERT INTO hearth_rate_limits AS bucket (key, tokens, updated_at, full_at) VALUES (p_key, p_limit, p_now, p_now)
                    ON CONFLICT (key) DO UPDATE SET key = bucket.key
                    RETURNING bucket.tokens, bucket.updated_at INTO stored_tokens, stored_at;
                    available := LEAST(p_limit, stored_tokens + GREATEST(0, p_now - stored_at) * per_ms);
                    IF p_cost <= 0 OR available >= p_cost THEN
                        remaining := LEAST(p_limit, available - p_cost);
                    ELSE
                        remaining := available;
                    END IF;
                    at := GREATEST(stored_at, p_now);
                    UPDATE hearth_rate_limits
                    SET tokens = remaining, updated_at = at, full_at = at + CEIL(GREATEST(0, p_limit - remaining) / per_ms)::BIGINT
                    WHERE key = p_key;
                    RETURN available;
                END
                $$
                """,
            ])
    ]
}
