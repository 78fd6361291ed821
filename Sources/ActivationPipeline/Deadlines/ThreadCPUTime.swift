import Foundation

/// The calling thread's own CPU time (`CLOCK_THREAD_CPUTIME_ID`): what one reading costs,
/// whatever other threads do meanwhile. Used by `activation imei --timings` and by the reader's
/// budget per kind of picture.
public enum ThreadCPUTime {
    /// Nanoseconds of CPU this thread has used; 0 if the clock cannot be read.
    public static func nanoseconds() -> UInt64 {
        var t = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) == 0 else { return 0 }
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}
