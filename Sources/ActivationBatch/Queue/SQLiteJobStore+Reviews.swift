public import ActivationPipeline
import GRDB

extension SQLiteJobStore {
    public func record(at path: String) async throws -> BatchRecord? {
        try await read("reading a result") { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT path, state, sha256, size, duration_ms, duplicate_of, result_json, attempts, writes,
                        started_ms, finished_ms
                    FROM batch_jobs WHERE state IN ('done', 'failed') AND path = ?
                    """,
                arguments: [path])
            return try row.map(Self.batchRecord)
        }
    }

    public func addDecision(_ decision: ReviewDecision, for path: String) async throws {
        try await write("recording a review decision") { db in
            try db.execute(
                sql: """
                    INSERT INTO batch_reviews (path, sha256, action, imei, slot, reviewer, decided_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [path, decision.sha256, decision.action.rawValue, decision.imei, decision.slot, decision.by,
                            decision.atMs])
        }
    }

    public func decisions() async throws -> [String: [ReviewDecision]] {
        try await read("reading review decisions") { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT path, sha256, action, imei, slot, reviewer, decided_ms FROM batch_reviews ORDER BY id")
            var byPath: [String: [ReviewDecision]] = [:]
            for row in rows {
                let path: String = row["path"]
                let text: String = row["action"]
                guard let action = ReviewDecision.Action(rawValue: text) else {
                    throw BatchError(.storeCorrupt, "a review decision for \(path) has an unknown action \(text)")
                }
                byPath[path, default: []].append(ReviewDecision(
                    action: action, imei: row["imei"], slot: row["slot"], by: row["reviewer"], atMs: row["decided_ms"],
                    sha256: row["sha256"]))
            }
            return byPath
        }
    }

    /// The decisions table, added to the schema in migration `v2`: one row per decision,
    /// appended, never updated; the path and the content (SHA-256) it was made on.
    static let reviewsTable = """
        CREATE TABLE batch_reviews (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            path TEXT NOT NULL,
            sha256 TEXT,
            action TEXT NOT NULL CHECK (action IN ('confirm', 'correct')),
            imei TEXT,
            slot INTEGER,
            reviewer TEXT NOT NULL,
            decided_ms INTEGER NOT NULL
        );
        CREATE INDEX batch_reviews_path ON batch_reviews (path, id);
        """
}
