import HearthStore

/// Schema of the job table (module `hearth_jobs`).
public enum JobMigrations {
    public static let all: [Migration] = [
        Migration(
            module: "hearth_jobs", version: 1, name: "jobs",
            sql: [
                """
                CREATE TABLE hearth_jobs (
                    id TEXT PRIMARY KEY, app TEXT NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL,
                    status TEXT NOT NULL, attempts INTEGER NOT NULL, max_attempts INTEGER NOT NULL,
                    run_at BIGINT NOT NULL, locked_until BIGINT, last_error TEXT,
                    created_at BIGINT NOT NULL, finished_at BIGINT)
                """,
                "CREATE INDEX hearth_jobs_due ON hearth_jobs (status, run_at)",
            ]),
        // Scheduler semantics for apps that need them: a job published once per key, and
        // the user a job is for, so deleting an account cancels their queued jobs.
        Migration(
            module: "hearth_jobs", version: 2, name: "job dedup keys and owners",
            sql: [
                "ALTER TABLE hearth_jobs ADD COLUMN dedup_key TEXT",
                "ALTER TABLE hearth_jobs ADD COLUMN owner TEXT",
                "CREATE UNIQUE INDEX hearth_jobs_dedup ON hearth_jobs (app, dedup_key)",
                "CREATE INDEX hearth_jobs_owner ON hearth_jobs (app, owner, status)",
            ]),
    ]
}
