#if os(Linux)
import Glibc
#endif

/// The process's limit on open files (`RLIMIT_NOFILE`): each connection holds one.
enum FileDescriptorLimit {
    /// Raises the soft limit to the hard one. Returns the soft limit before and after, and the
    /// hard limit; nil when the limits cannot be read. Blocks for one system call or two.
    static func raise() -> (before: UInt64, after: UInt64, hard: UInt64)? {
        #if os(Linux)
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        let before = UInt64(limit.rlim_cur)
        guard limit.rlim_cur < limit.rlim_max else { return (before, before, UInt64(limit.rlim_max)) }
        var raised = limit
        raised.rlim_cur = limit.rlim_max
        let after = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 ? UInt64(raised.rlim_cur) : before
        return (before, after, UInt64(limit.rlim_max))
        #else
        return nil
        #endif
    }
}
