public import Foundation

/// Installs a plain `sigaction` handler: the one way the commands catch SIGINT and SIGTERM
/// (the batch workers' graceful stop, the removal of temporary files).
public enum SignalAction {
    /// Installs `handler` for each of `numbers` with `flags`, an empty mask, and returns the
    /// actions it replaced, to be put back with ``restore(_:)``.
    @discardableResult
    public static func install(
        _ handler: @escaping @convention(c) (Int32) -> Void, on numbers: [Int32], flags: Int32
    ) -> [Int32: sigaction] {
        var previous: [Int32: sigaction] = [:]
        for number in numbers {
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_handler = handler
            #else
            action.__sigaction_u.__sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = flags
            var old = sigaction()
            if sigaction(number, &action, &old) == 0 { previous[number] = old }
        }
        return previous
    }

    /// Puts back actions that ``install(_:on:flags:)`` replaced.
    public static func restore(_ previous: [Int32: sigaction]) {
        for (number, old) in previous {
            var old = old
            sigaction(number, &old, nil)
        }
    }
}
