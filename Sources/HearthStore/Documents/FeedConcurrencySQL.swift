/// How document writers run concurrently on PostgreSQL without a change-feed cursor ever
/// skipping a change (spec/sync.md, "serve only entries below the oldest in-flight
/// transaction's position").
///
/// - Feed numbers come from the sequence `hearth_feed_seq`; a writer never holds a lock on
///   it, so writers commit in parallel (and PostgreSQL's group commit shares their WAL
///   flushes).
/// - The first number a transaction takes is **announced**: a transaction-level advisory
///   lock keyed by the number, visible in `pg_locks` to every session until the
///   transaction ends. Every later number of that transaction is larger.
/// - Taking and announcing happen under a shared "gate" lock. A reader notes the last
///   number handed out, then reads `pg_locks` once: if no writer holds the gate, every
///   number up to the noted one is either announced or finished, and the reader may serve
///   everything below the lowest announced number (or up to the noted one when nothing is
///   in flight). If a writer is inside the gate, the reader takes the gate exclusively for
///   a moment and looks again. Readers never block each other or writers otherwise.
///
/// All keys are derived from the OID of this schema's `hearth_feed_seq`, so several
/// schemas in one database (as the tests use) never see each other's writers.
///
/// Upgrading to this scheme (migration `hearth_documents` v2) needs every `hearth`
/// process stopped first: an older process would still number from `hearth_sequence`
/// without announcing.
///
/// Advisory key spaces (two int4 keys and one int8 key never collide in PostgreSQL):
/// - `(ns, low 31 bits of seq)`: announced numbers; `(ns, -1)`: the write-isolation lock;
///   `(ns, -2)`: the gate; int8 `ns << 32 | hash(app, id)`: one document.
enum FeedConcurrencySQL {
    static let migration = [
        "CREATE SEQUENCE hearth_feed_seq AS BIGINT MINVALUE 1 NO CYCLE",
        """
        SELECT setval('hearth_feed_seq', GREATEST(value, 1), value > 0) FROM hearth_sequence WHERE name = 'feed'
        """,
        """
        CREATE FUNCTION hearth_feed_namespace() RETURNS int LANGUAGE sql STABLE AS
        $$ SELECT ('hearth_feed_seq'::regclass::oid::bigint & 2147483647)::int $$
        """,
        """
        CREATE FUNCTION hearth_take_feed_numbers(how_many bigint, announce boolean) RETURNS SETOF bigint LANGUAGE plpgsql AS $$
        DECLARE
            ns int := hearth_feed_namespace();
            first bigint;
        BEGIN
            IF announce THEN
                PERFORM pg_advisory_lock_shared(ns, -2);
                BEGIN
                    first := nextval('hearth_feed_seq');
                    PERFORM pg_advisory_xact_lock(ns, (first & 2147483647)::int);
                EXCEPTION WHEN OTHERS OR query_canceled THEN
                    PERFORM pg_advisory_unlock_shared(ns, -2);
                    RAISE;
                END;
                PERFORM pg_advisory_unlock_shared(ns, -2);
                RETURN NEXT first;
                how_many := how_many - 1;
            END IF;
            RETURN QUERY SELECT nextval('hearth_feed_seq') FROM generate_series(1, how_many);
        END $$
        """,
        """
        CREATE FUNCTION hearth_feed_in_flight(ns int, OUT lowest bigint, OUT taking bigint) LANGUAGE plpgsql AS $$
        DECLARE
            keys bigint[];
            after bigint;
        BEGIN
            SELECT array_agg(l.objid::bigint) FILTER (WHERE l.objid::bigint < 2147483648),
                count(*) FILTER (WHERE l.objid::bigint = 4294967294 AND l.mode = 'ShareLock' AND l.granted)
            INTO keys, taking
            FROM pg_locks l
            WHERE l.locktype = 'advisory' AND l.objsubid = 2 AND l.classid::bigint = ns
                AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database());
            -- Read after pg_locks, so every announced number is at most `after`: each key
            -- (the low 31 bits) is the number nearest below it with those bits.
            SELECT CASE WHEN is_called THEN last_value ELSE 0 END INTO after FROM hearth_feed_seq;
            SELECT min(after - ((after - k) % 2147483648 + 2147483648) % 2147483648) INTO lowest FROM unnest(keys) AS k;
        END $$
        """,
        """
        CREATE FUNCTION hearth_feed_visible_through() RETURNS bigint LANGUAGE plpgsql AS $$
        DECLARE
            ns int := hearth_feed_namespace();
            top bigint;
            flight record;
        BEGIN
            SELECT CASE WHEN is_called THEN last_value ELSE 0 END INTO top FROM hearth_feed_seq;
            flight := hearth_feed_in_flight(ns);
            IF flight.taking > 0 THEN
                -- A writer is between taking a number and announcing it: wait until it has.
                PERFORM pg_advisory_lock(ns, -2);
                BEGIN
                    SELECT CASE WHEN is_called THEN last_value ELSE 0 END INTO top FROM hearth_feed_seq;
                    flight := hearth_feed_in_flight(ns);
                EXCEPTION WHEN OTHERS OR query_canceled THEN
                    PERFORM pg_advisory_unlock(ns, -2);
                    RAISE;
                END;
                PERFORM pg_advisory_unlock(ns, -2);
            END IF;
            RETURN LEAST(COALESCE(flight.lowest - 1, top), top);
        END $$
        """,
        """
        CREATE FUNCTION hearth_document_lock_key(app text, id text) RETURNS bigint LANGUAGE sql STABLE AS
        $$ SELECT (hearth_feed_namespace()::bigint << 32) | (hashtext(app || chr(31) || id)::bigint & 4294967295) $$
        """,
    ]

    /// Announces this transaction as a writer and takes its first `count` numbers.
    static let takeFirstNumbers = "SELECT hearth_take_feed_numbers(?, true) AS seq"
    /// More numbers for a transaction that has announced itself.
    static let takeMoreNumbers = "SELECT hearth_take_feed_numbers(?, false) AS seq"
    /// The highest feed number a reader may serve now.
    static let visibleThrough = "SELECT hearth_feed_visible_through() AS visible"
    /// Serialises with every other document write (the default for app code).
    static let lockExclusively = "SELECT pg_advisory_xact_lock(hearth_feed_namespace(), -1)"
    /// Runs beside other document-isolated writes, excluding exclusive ones.
    static let lockShared = "SELECT pg_advisory_xact_lock_shared(hearth_feed_namespace(), -1)"

    /// Locks the documents named by the `count` ids after the first (app) argument, in key
    /// order so two batches never wait for each other in a circle on their first reads.
    static func lockDocuments(count: Int) -> String {
        let values = Array(repeating: "(?)", count: count).joined(separator: ", ")
        return """
            SELECT pg_advisory_xact_lock(key) FROM (
                SELECT DISTINCT hearth_document_lock_key(?, v.id) AS key FROM (VALUES \(values)) AS v(id) ORDER BY key
            ) AS keys
            """
    }
}
