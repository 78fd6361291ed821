/// The flow tables, written once for both stores: SQL that SQLite and PostgreSQL read alike.
/// JSON columns are TEXT; timestamps are milliseconds since 1970 UTC (`BIGINT`, which SQLite
/// stores as INTEGER).
enum FlowSchema {
    /// The statements that create the tables and their indexes when they are missing, in order.
    static let tables = [
        """
        CREATE TABLE IF NOT EXISTS activations (
            id TEXT PRIMARY KEY NOT NULL,
            machine TEXT NOT NULL,
            stage TEXT,
            imei TEXT,
            imei2 TEXT,
            screenshot_sha256 TEXT,
            risk TEXT,
            version BIGINT NOT NULL,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX IF NOT EXISTS activations_imei ON activations (imei)",
        "CREATE INDEX IF NOT EXISTS activations_imei2 ON activations (imei2)",
        "CREATE INDEX IF NOT EXISTS activations_screenshot_sha256 ON activations (screenshot_sha256)",
        """
        CREATE TABLE IF NOT EXISTS enrollments (
            id TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('finaptic', 'belvo')),
            machine TEXT NOT NULL,
            status TEXT,
            version BIGINT NOT NULL,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        )
        """,
    ]

    /// The `Idempotency-Key`s of creates (``IdempotentCreation``): one row per table and key,
    /// written in the create's transaction, removed once older than ``IdempotencyKey/lifetime``.
    static let idempotencyKeys = [
        """
        CREATE TABLE IF NOT EXISTS idempotency_keys (
            scope TEXT NOT NULL,
            key TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            record_id TEXT NOT NULL,
            kind TEXT,
            machine TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (scope, key)
        )
        """,
        "CREATE INDEX IF NOT EXISTS idempotency_keys_created_at ON idempotency_keys (created_at)",
    ]
}
