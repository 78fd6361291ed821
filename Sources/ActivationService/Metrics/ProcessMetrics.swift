import Foundation

/// The process' own series, as the Prometheus client libraries name them, read from `/proc`
/// at each scrape: CPU seconds, resident memory, start time, open and maximum file descriptors.
/// A value that cannot be read (not Linux) is left out. The parsing is pure.
struct ProcessMetrics: Equatable {
    var cpuSeconds: Double?
    var residentBytes: Double?
    var startTimeSeconds: Double?
    var openFDs: Int?
    var maxFDs: Int?

    /// Clock ticks per second, for `/proc/self/stat`'s times.
    static let ticksPerSecond = Double(max(1, sysconf(Int32(_SC_CLK_TCK))))
    /// The page size, for `/proc/self/stat`'s resident pages.
    static let pageSize = Double(max(1, sysconf(Int32(_SC_PAGESIZE))))

    /// This process now.
    static func read() -> ProcessMetrics {
        let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8)
        let boot = try? String(contentsOfFile: "/proc/stat", encoding: .utf8)
        let limits = try? String(contentsOfFile: "/proc/self/limits", encoding: .utf8)
        var metrics = parse(stat: stat ?? "", bootTime: boot.flatMap(bootTime(in:)))
        metrics.openFDs = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")).map(\.count)
        metrics.maxFDs = limits.flatMap(maxOpenFiles(in:))
        return metrics
    }

    /// The CPU time, resident memory and start time in `/proc/self/stat`'s line (fields after
    /// the command's closing parenthesis: utime 14, stime 15, starttime 22, rss 24).
    static func parse(stat: String, bootTime: Double?) -> ProcessMetrics {
        guard let close = stat.lastIndex(of: ")") else { return ProcessMetrics() }
        // Field 3 (state) is the first after the parenthesis.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        func field(_ number: Int) -> Double? { fields.count > number - 3 ? Double(fields[number - 3]) : nil }
        var metrics = ProcessMetrics()
        if let user = field(14), let system = field(15) { metrics.cpuSeconds = (user + system) / ticksPerSecond }
        if let pages = field(24) { metrics.residentBytes = pages * pageSize }
        if let start = field(22), let bootTime { metrics.startTimeSeconds = bootTime + start / ticksPerSecond }
        return metrics
    }

    /// `btime` of `/proc/stat`: the boot time in seconds since the epoch.
    static func bootTime(in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix("btime ") }.flatMap { Double($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
    }

    /// The soft limit of "Max open files" in `/proc/self/limits`.
    static func maxOpenFiles(in text: String) -> Int? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Max open files") }) else { return nil }
        return line.dropFirst("Max open files".count).split(separator: " ").first.flatMap { Int($0) }
    }

    /// The series in the text exposition format, each with its HELP and TYPE.
    func exposition() -> [UInt8] {
        var text = ""
        func add(_ name: String, _ type: String, _ help: String, _ value: String?) {
            guard let value else { return }
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        add("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.", cpuSeconds.map { String($0) })
        add("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", residentBytes.map { String(Int($0)) })
        add(
            "process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.",
            startTimeSeconds.map { String($0) })
        add("process_open_fds", "gauge", "Number of open file descriptors.", openFDs.map { String($0) })
        add("process_max_fds", "gauge", "Maximum number of open file descriptors.", maxFDs.map { String($0) })
        return Array(text.utf8)
    }
}
