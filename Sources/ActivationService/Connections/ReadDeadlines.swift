/// The read deadlines of one connection, as a value: how long a request head may take to
/// arrive, and how long a body may go without a byte. Pure; ``SlowClientHandler`` feeds it the
/// connection's events and performs the actions it returns.
///
/// - From the connection's start, the first request head must be complete within `header`;
///   otherwise the connection is closed.
/// - While a body is being read, each part must come within `body` of the one before;
///   otherwise the answer is 408 and the connection is closed.
/// - Between requests of a kept-alive connection, Hummingbird's idle timeout governs.
struct ReadDeadlines: Sendable, Equatable {
    /// Where the connection is in its request.
    enum State: Sendable, Equatable {
        /// Waiting for the first request head.
        case awaitingHead
        /// A head has come; its body has not ended.
        case readingBody
        /// A request has been read whole; the idle timeout governs.
        case between
    }

    /// What the handler does with its one timer.
    enum Action: Sendable, Equatable {
        /// (Re)starts the timer with this delay.
        case arm(Duration)
        /// Stops the timer.
        case disarm
        /// Leaves the timer as it is.
        case none
    }

    /// What the handler does when the timer fires.
    enum Expiry: Sendable, Equatable {
        /// Closes the connection: the head did not come in time.
        case headerTimeout
        /// Answers 408 and closes: the body stopped coming.
        case bodyTimeout
        /// Nothing: the timer was stale.
        case none
    }

    let header: Duration
    let body: Duration
    private(set) var state = State.awaitingHead

    init(header: Duration, body: Duration) {
        self.header = header
        self.body = body
    }

    /// The connection is open: the head's deadline starts.
    func connected() -> Action {
        state == .awaitingHead ? .arm(header) : .none
    }

    /// A request head came whole: the body's deadline starts.
    mutating func head() -> Action {
        state = .readingBody
        return .arm(body)
    }

    /// A part of the body came: its deadline starts again.
    func bodyPart() -> Action {
        state == .readingBody ? .arm(body) : .none
    }

    /// The request ended: no read deadline until the next one.
    mutating func end() -> Action {
        state = .between
        return .disarm
    }

    /// The timer fired.
    func expired() -> Expiry {
        switch state {
        case .awaitingHead: .headerTimeout
        case .readingBody: .bodyTimeout
        case .between: .none
        }
    }
}
