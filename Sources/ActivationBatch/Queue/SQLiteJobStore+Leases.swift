import ActivationPipeline
import GRDB

extension SQLiteJobStore {
    public func claim(owner: String, lease: Duration, maxAttempts: Int) async throws -> ClaimedJob? {
        let leaseMs = BatchClock.milliseconds(lease)
        return try await write("claiming an input") { db in
            let now = self.clock.nowMs()
            try Self.giveUpExhausted(db, now: now, maxAttempts: maxAttempts)
            try Self.requeueOrphanedWaiters(db)
            let id =
                try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT id FROM batch_jobs WHERE state = 'running' AND lease_expires_ms < ? AND attempts < ?
                        ORDER BY id LIMIT 1
                        """,
                    arguments: [now, maxAttempts])
                ?? Int64.fetchOne(db, sql: "SELECT id FROM batch_jobs WHERE state = 'queued' ORDER BY id LIMIT 1")
            guard let id else { return nil }
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        UPDATE batch_jobs SET state = 'running', lease_owner = ?, lease_expires_ms = ?,
                            attempts = attempts + 1, started_ms = ?
                        WHERE id = ?
                        RETURNING id, path, attempts, sha256, result_json, duplicate_of
                        """,
                    arguments: [owner, now + leaseMs, now, id])
            else { return nil }
            return try Self.claimedJob(row, owner: owner)
        }
    }

    private static func claimedJob(_ row: Row, owner: String) throws -> ClaimedJob {
        let path: String = row["path"]
        var previous: ClaimedJob.PreviousRead?
        if let sha: String = row["sha256"], let json: String = row["result_json"] {
            previous = .init(
                sha256: sha, result: try BatchJSON.decodeResult(json, path: path), duplicateOf: row["duplicate_of"])
        }
        return ClaimedJob(id: row["id"], path: path, attempts: row["attempts"], owner: owner, previous: previous)
    }

    public func renew(_ job: ClaimedJob, lease: Duration) async throws -> Bool {
        let leaseMs = BatchClock.milliseconds(lease)
        return try await write("renewing a lease") { db in
            try db.execute(
                sql: """
                    UPDATE batch_jobs SET lease_expires_ms = ?
                    WHERE id = ? AND lease_owner = ? AND state = 'running'
                    """,
                arguments: [self.clock.nowMs() + leaseMs, job.id, job.owner])
            return db.changesCount == 1
        }
    }

    public func register(_ job: ClaimedJob, sha256: String, bytes: Int, durationMs: Int) async throws
        -> ContentRegistration
    {
        try await write("registering content") { db in
            try db.execute(
                sql: "UPDATE batch_jobs SET sha256 = ?, size = ? WHERE id = ? AND lease_owner = ? AND state = 'running'",
                arguments: [sha256, bytes, job.id, job.owner])
            guard db.changesCount == 1 else { return .leaseLost }
            try db.execute(
                sql: "INSERT INTO batch_contents (sha256, job_id) VALUES (?, ?) ON CONFLICT (sha256) DO NOTHING",
                arguments: [sha256, job.id])
            let primaryID = try Int64.fetchOne(
                db, sql: "SELECT job_id FROM batch_contents WHERE sha256 = ?", arguments: [sha256])
            guard let primaryID, primaryID != job.id else { return .primary }
            let primary = try Row.fetchOne(
                db, sql: "SELECT path, state, sha256, result_json FROM batch_jobs WHERE id = ?", arguments: [primaryID])
            guard let primary, primary["sha256"] == sha256 else {
                // The first copy's file has changed since: this input takes its place.
                try db.execute(
                    sql: "UPDATE batch_contents SET job_id = ? WHERE sha256 = ?", arguments: [job.id, sha256])
                return .primary
            }
            let primaryPath: String = primary["path"]
            let state = try Self.state(primary["state"], path: primaryPath)
            if state.isFinished, let json: String = primary["result_json"] {
                return .copy(of: primaryPath, result: try BatchJSON.decodeResult(json, path: primaryPath))
            }
            try db.execute(
                sql: """
                    UPDATE batch_jobs SET state = 'waiting', duplicate_of = ?, duration_ms = ?,
                        lease_owner = NULL, lease_expires_ms = NULL
                    WHERE id = ?
                    """,
                arguments: [primaryPath, durationMs, job.id])
            return .waiting(for: primaryPath)
        }
    }

    public func finish(_ job: ClaimedJob, _ outcome: JobOutcome, maxAttempts: Int) async throws -> FinishReport {
        let stored = try StoredResult(outcome.result)
        let disposition = outcome.disposition(attempts: job.attempts, maxAttempts: maxAttempts)
        return try await write("recording a result") { db in
            let now = self.clock.nowMs()
            switch disposition {
            case .retry:
                try db.execute(
                    sql: """
                        UPDATE batch_jobs SET state = 'queued', result_json = ?, error_code = ?, sha256 = ?, size = ?,
                            lease_owner = NULL, lease_expires_ms = NULL, duration_ms = ?
                        WHERE id = ? AND lease_owner = ? AND state = 'running'
                        """,
                    arguments: [stored.json, stored.errorCode, outcome.sha256, outcome.bytes, outcome.durationMs,
                                job.id, job.owner])
                return db.changesCount == 1 ? .requeued : .leaseLost
            case .final(let state):
                try db.execute(
                    sql: """
                        UPDATE batch_jobs SET state = ?, result_json = ?, error_code = ?, imei_count = ?,
                            duplicate_of = ?, sha256 = COALESCE(?, sha256), size = COALESCE(?, size),
                            duration_ms = ?, finished_ms = ?, lease_owner = NULL, lease_expires_ms = NULL,
                            writes = writes + 1
                        WHERE id = ? AND lease_owner = ? AND state = 'running'
                        """,
                    arguments: [state.rawValue, stored.json, stored.errorCode, stored.imeiCount, outcome.duplicateOf,
                                outcome.sha256, outcome.bytes, outcome.durationMs, now, job.id, job.owner])
                guard db.changesCount == 1 else { return .leaseLost }
                let copies =
                    outcome.duplicateOf == nil
                    ? try Self.handCopies(db, primary: job.path, result: outcome.result, state: state, now: now) : 0
                return .recorded(state, copies: copies)
            }
        }
    }

    /// Gives the waiting duplicates of `primary` a copy of its result. Returns how many.
    static func handCopies(_ db: Database, primary: String, result: ScreenshotResult, state: JobState, now: Int) throws
        -> Int
    {
        let waiters = try Row.fetchAll(
            db, sql: "SELECT id, path FROM batch_jobs WHERE state = 'waiting' AND duplicate_of = ?",
            arguments: [primary])
        for waiter in waiters {
            let stored = try StoredResult(BatchJSON.copy(result, for: waiter["path"]))
            try db.execute(
                sql: """
                    UPDATE batch_jobs SET state = ?, result_json = ?, error_code = ?, imei_count = ?, finished_ms = ?,
                        writes = writes + 1
                    WHERE id = ? AND state = 'waiting'
                    """,
                arguments: [state.rawValue, stored.json, stored.errorCode, stored.imeiCount, now, waiter["id"] as Int64])
        }
        return waiters.count
    }

    /// Records 4006 (or the last retryable error) for expired leases that used up their attempts.
    private static func giveUpExhausted(_ db: Database, now: Int, maxAttempts: Int) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, path, attempts, result_json FROM batch_jobs
                WHERE state = 'running' AND lease_expires_ms < ? AND attempts >= ?
                """,
            arguments: [now, maxAttempts])
        for row in rows {
            let path: String = row["path"]
            let result = StoredResult.givenUp(path: path, attempts: row["attempts"], lastJSON: row["result_json"])
            let stored = try StoredResult(result)
            try db.execute(
                sql: """
                    UPDATE batch_jobs SET state = 'failed', result_json = ?, error_code = ?, imei_count = 0,
                        finished_ms = ?, lease_owner = NULL, lease_expires_ms = NULL, writes = writes + 1
                    WHERE id = ?
                    """,
                arguments: [stored.json, stored.errorCode, now, row["id"] as Int64])
            _ = try handCopies(db, primary: path, result: result, state: .failed, now: now)
        }
    }

    /// Sends back to the queue any duplicate still waiting on a path that already finished.
    private static func requeueOrphanedWaiters(_ db: Database) throws {
        try db.execute(sql: """
            UPDATE batch_jobs SET state = 'queued'
            WHERE state = 'waiting' AND EXISTS (
                SELECT 1 FROM batch_jobs AS p WHERE p.path = batch_jobs.duplicate_of AND p.state IN ('done', 'failed'))
            """)
    }
}
