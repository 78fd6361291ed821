public import ActivationPipeline
public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
public import ActivationPipeline
import Darwin
#endif

/// Where and when signals are collected: a filesystem root, the environment variables, the
/// effective user, the clock and the time zone.
///
/// Tests build one over a temporary directory holding fake `proc`, `sys` and `etc` trees;
/// ``current(root:)`` describes the running process.
public struct HostEnvironment: Sendable {
    /// The directory that stands for `/`; files such as `/proc/uptime` are read beneath it.
    public var root: String
    /// The process environment (`LANG`, `LC_ALL`, `container` …).
    public var environment: [String: String]
    /// The effective user id; 0 is root.
    public var effectiveUserID: UInt32
    /// The instant of collection.
    public var now: Date
    /// The user's time zone.
    public var timeZone: TimeZone

    public init(root: String, environment: [String: String], effectiveUserID: UInt32, now: Date, timeZone: TimeZone) {
        self.root = root
        self.environment = environment
        self.effectiveUserID = effectiveUserID
        self.now = now
        self.timeZone = timeZone
    }

    /// The running process, reading files under `root` (`/` unless told otherwise).
    public static func current(root: String = "/") -> HostEnvironment {
        HostEnvironment(
            root: root,
            environment: ProcessInfo.processInfo.environment,
            effectiveUserID: UInt32(geteuid()),
            now: Date(),
            timeZone: TimeZone.current
        )
    }

    /// The later of today's date in UTC and in ``timeZone``: the last day that is not in the
    /// future for a date taken from a UTC timestamp or from the user's clock.
    public var today: CalendarDate {
        let utc = TimeZone(secondsFromGMT: 0) ?? timeZone
        return max(CalendarDate.day(of: now, in: utc), CalendarDate.day(of: now, in: timeZone))
    }

    /// The absolute path of `path` (which starts with `/`) under ``root``.
    public func resolve(_ path: String) -> String {
        var base = root
        while base.count > 1, base.hasSuffix("/") {
            base.removeLast()
        }
        return base == "/" || base.isEmpty ? path : base + path
    }
}
