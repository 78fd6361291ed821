import ActivationPipeline
import Logging
import PostgresNIO

extension PostgresJobStore {
    public func claim(owner: String, lease: Duration, maxAttempts: Int) async throws -> ClaimedJob? {
        let leaseMs = BatchClock.milliseconds(lease)
        return try await transaction("claiming an input") { c in
            try await giveUpExhausted(maxAttempts: maxAttempts, on: c)
            try await requeueOrphanedWaiters(on: c)
            var ids = try await Self.all(
                c.query(
                    """
                    SELECT id FROM batch_jobs
                    WHERE state = 'running' AND lease_expires_ms < \(unescaped: self.nowMs) AND attempts < \(maxAttempts)
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
                    """, logger: logger),
                as: (Int64).self)
            if ids.isEmpty {
                ids = try await Self.all(
                    c.query(
                        "SELECT id FROM batch_jobs WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
                        logger: logger),
                    as: (Int64).self)
            }
            guard let id = ids.first else { return nil }
            let rows = try await Self.all(
                c.query(
                    """
                    UPDATE batch_jobs SET state = 'running', lease_owner = \(owner),
                        lease_expires_ms = \(unescaped: self.nowMs) + \(leaseMs),
                        attempts = attempts + 1, started_ms = \(unescaped: self.nowMs)
                    WHERE id = \(id)
                    RETURNING id, path, attempts, sha256, result_json, duplicate_of
                    """, logger: logger),
                as: (Int64, String, Int, String?, String?, String?).self)
            guard let (id, path, attempts, sha, json, duplicateOf) = rows.first else { return nil }
            var previous: ClaimedJob.PreviousRead?
            if let sha, let json {
                previous = .init(sha256: sha, result: try BatchJSON.decodeResult(json, path: path), duplicateOf: duplicateOf)
            }
            return ClaimedJob(id: id, path: path, attempts: attempts, owner: owner, previous: previous)
        }
    }

    public func renew(_ job: ClaimedJob, lease: Duration) async throws -> Bool {
        let leaseMs = BatchClock.milliseconds(lease)
        return try await transaction("renewing a lease") { c in
            let rows = try await Self.all(
                c.query(
                    """
                    UPDATE batch_jobs SET lease_expires_ms = \(unescaped: self.nowMs) + \(leaseMs)
                    WHERE id = \(job.id) AND lease_owner = \(job.owner) AND state = 'running' RETURNING id
                    """, logger: logger),
                as: (Int64).self)
            return !rows.isEmpty
        }
    }

    public func register(_ job: ClaimedJob, sha256: String, bytes: Int, durationMs: Int) async throws
        -> ContentRegistration
    {
        try await transaction("registering content") { c in
            let mine = try await Self.all(
                c.query(
                    """
                    UPDATE batch_jobs SET sha256 = \(sha256), size = \(bytes)
                    WHERE id = \(job.id) AND lease_owner = \(job.owner) AND state = 'running' RETURNING id
                    """, logger: logger),
                as: (Int64).self)
            guard !mine.isEmpty else { return .leaseLost }
            try await c.query(
                """
                INSERT INTO batch_contents (sha256, job_id) VALUES (\(sha256), \(job.id))
                ON CONFLICT (sha256) DO NOTHING
                """, logger: logger)
            // Locking the content row serializes everyone who holds the same bytes.
            let owners = try await Self.all(
                c.query("SELECT job_id FROM batch_contents WHERE sha256 = \(sha256) FOR UPDATE", logger: logger),
                as: (Int64).self)
            guard let primaryID = owners.first, primaryID != job.id else { return .primary }
            // FOR SHARE: the first copy cannot finish between this look and this row starting to wait.
            let primaries = try await Self.all(
                c.query(
                    "SELECT path, state, sha256, result_json FROM batch_jobs WHERE id = \(primaryID) FOR SHARE",
                    logger: logger),
                as: (String, String, String?, String?).self)
            guard let (primaryPath, stateText, primarySha, json) = primaries.first, primarySha == sha256 else {
                try await c.query(
                    "UPDATE batch_contents SET job_id = \(job.id) WHERE sha256 = \(sha256)", logger: logger)
                return .primary
            }
            let state = try Self.state(stateText, path: primaryPath)
            if state.isFinished, let json {
                return .copy(of: primaryPath, result: try BatchJSON.decodeResult(json, path: primaryPath))
            }
            try await c.query(
                """
                UPDATE batch_jobs SET state = 'waiting', duplicate_of = \(primaryPath), duration_ms = \(durationMs),
                    lease_owner = NULL, lease_expires_ms = NULL
                WHERE id = \(job.id)
                """, logger: logger)
            return .waiting(for: primaryPath)
        }
    }

    public func finish(_ job: ClaimedJob, _ outcome: JobOutcome, maxAttempts: Int) async throws -> FinishReport {
        let stored = try StoredResult(outcome.result)
        let disposition = outcome.disposition(attempts: job.attempts, maxAttempts: maxAttempts)
        return try await transaction("recording a result") { c in
            switch disposition {
            case .retry:
                let rows = try await Self.all(
                    c.query(
                        """
                        UPDATE batch_jobs SET state = 'queued', result_json = \(stored.json),
                            error_code = \(stored.errorCode), sha256 = \(outcome.sha256), size = \(outcome.bytes),
                            lease_owner = NULL, lease_expires_ms = NULL, duration_ms = \(outcome.durationMs)
                        WHERE id = \(job.id) AND lease_owner = \(job.owner) AND state = 'running' RETURNING id
                        """, logger: logger),
                    as: (Int64).self)
                return rows.isEmpty ? .leaseLost : .requeued
            case .final(let state):
                let rows = try await Self.all(
                    c.query(
                        """
                        UPDATE batch_jobs SET state = \(state.rawValue), result_json = \(stored.json),
                            error_code = \(stored.errorCode), imei_count = \(stored.imeiCount),
                            duplicate_of = \(outcome.duplicateOf), sha256 = COALESCE(\(outcome.sha256), sha256),
                            size = COALESCE(\(outcome.bytes), size), duration_ms = \(outcome.durationMs),
                            finished_ms = \(unescaped: self.nowMs), lease_owner = NULL, lease_expires_ms = NULL,
                            writes = writes + 1
                        WHERE id = \(job.id) AND lease_owner = \(job.owner) AND state = 'running' RETURNING id
                        """, logger: logger),
                    as: (Int64).self)
                guard !rows.isEmpty else { return .leaseLost }
                let copies =
                    outcome.duplicateOf == nil
                    ? try await handCopies(primary: job.path, result: outcome.result, state: state, on: c) : 0
                return .recorded(state, copies: copies)
            }
        }
    }

    /// Gives the waiting duplicates of `primary` a copy of its result. Returns how many.
    private func handCopies(primary: String, result: ScreenshotResult, state: JobState, on c: PostgresConnection)
        async throws -> Int
    {
        let waiters = try await Self.all(
            c.query(
                "SELECT id, path FROM batch_jobs WHERE state = 'waiting' AND duplicate_of = \(primary) FOR UPDATE",
                logger: logger),
            as: (Int64, String).self)
        for (id, path) in waiters {
            let stored = try StoredResult(BatchJSON.copy(result, for: path))
            try await c.query(
                """
                UPDATE batch_jobs SET state = \(state.rawValue), result_json = \(stored.json),
                    error_code = \(stored.errorCode), imei_count = \(stored.imeiCount),
                    finished_ms = \(unescaped: self.nowMs), writes = writes + 1
                WHERE id = \(id) AND state = 'waiting'
                """, logger: logger)
        }
        return waiters.count
    }

    /// Records 4006 (or the last retryable error) for expired leases that used up their attempts.
    private func giveUpExhausted(maxAttempts: Int, on c: PostgresConnection) async throws {
        let rows = try await Self.all(
            c.query(
                """
                SELECT id, path, attempts, result_json FROM batch_jobs
                WHERE state = 'running' AND lease_expires_ms < \(unescaped: self.nowMs) AND attempts >= \(maxAttempts)
                FOR UPDATE SKIP LOCKED
                """, logger: logger),
            as: (Int64, String, Int, String?).self)
        for (id, path, attempts, json) in rows {
            let result = StoredResult.givenUp(path: path, attempts: attempts, lastJSON: json)
            let stored = try StoredResult(result)
            try await c.query(
                """
                UPDATE batch_jobs SET state = 'failed', result_json = \(stored.json), error_code = \(stored.errorCode),
                    imei_count = 0, finished_ms = \(unescaped: self.nowMs), lease_owner = NULL,
                    lease_expires_ms = NULL, writes = writes + 1
                WHERE id = \(id)
                """, logger: logger)
            _ = try await handCopies(primary: path, result: result, state: .failed, on: c)
        }
    }

    /// Sends back to the queue any duplicate still waiting on a path that already finished.
    private func requeueOrphanedWaiters(on c: PostgresConnection) async throws {
        try await c.query(
            """
            UPDATE batch_jobs AS w SET state = 'queued'
            FROM batch_jobs AS p
            WHERE w.state = 'waiting' AND p.path = w.duplicate_of AND p.state IN ('done', 'failed')
            """, logger: logger)
    }
}
