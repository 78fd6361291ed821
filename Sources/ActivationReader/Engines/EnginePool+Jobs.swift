public import ActivationPipeline

extension EnginePool {
    /// Reserves a place and runs `work` on a worker (stopped after `budget`, if given), for
    /// callers that keep at most one job each in a pool sized for them (the batch workers).
    /// Throws ``EnginePoolError/saturated`` when the pool is full anyway.
    public func run<Value: Sendable>(
        budget: Duration? = nil, _ work: @escaping @Sendable (Engine, WorkStop) -> Value
    ) async throws -> Value {
        try await run(try reserve(), budget: budget, work)
    }

    /// Runs `job` for each index of `0..<count` on the workers, with one job per worker in
    /// flight, each stopped after `budget` if given, and hands each value to `done` as it comes
    /// (in the order they finish). Suspends the caller until every job is done.
    public func forEach<Value: Sendable>(
        _ count: Int, budget: Duration? = nil, _ job: @escaping @Sendable (Int, Engine, WorkStop) -> Value,
        done: @escaping @Sendable (Int, Value) -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            while next < min(count, limits.workers) {
                let index = next
                group.addTask { done(index, try await self.run(budget: budget) { job(index, $0, $1) }) }
                next += 1
            }
            while try await group.next() != nil, next < count {
                let index = next
                group.addTask { done(index, try await self.run(budget: budget) { job(index, $0, $1) }) }
                next += 1
            }
            try await group.waitForAll()
        }
    }
}
