public import ActivationPipeline

/// Collects ``DeviceSignals`` from a host: the I/O shell around the pure parsers.
///
/// Blocking: reads a handful of small files. Each signal whose source is missing or unreadable
/// is nil.
public struct SignalCollector: Sendable {
    /// The host to read.
    public var host: HostEnvironment

    public init(host: HostEnvironment) {
        self.host = host
    }

    /// Every signal, with the device ID salted by `salt` and `accountTenure` copied in.
    public func collect(salt: String, accountTenure: CalendarDate?) -> DeviceSignals {
        let files = HostFiles(host: host)
        return DeviceSignals(
            deviceId: deviceId(salt: salt, files: files),
            osVersion: osVersion(files),
            elapsedTimeSinceBoot: files.text("/proc/uptime").flatMap(Uptime.milliseconds),
            userTimeZoneOffset: TimeZoneOffset.format(secondsFromGMT: host.timeZone.secondsFromGMT(for: host.now)),
            language: LocaleLanguage.language(from: host.environment),
            isRootedDevice: host.effectiveUserID == 0,
            isEmulated: isEmulated(files),
            isDevModeEnabled: files.text("/proc/self/status").flatMap(ProcStatus.tracerPID).map { $0 != 0 },
            isContainer: isContainer(files),
            accountTenure: accountTenure?.description
        )
    }

    /// The stable identifiers, by name, that go into the device ID.
    func identifiers(_ files: HostFiles) -> [(name: String, value: String)] {
        var found: [(name: String, value: String)] = []
        if let machineID = files.firstLine("/etc/machine-id") ?? files.firstLine("/var/lib/dbus/machine-id") {
            found.append((name: "machine-id", value: machineID))
        }
        for field in ["product_uuid", "product_serial", "board_serial"] {
            if let value = files.firstLine("/sys/class/dmi/id/\(field)") {
                found.append((name: field, value: value))
            }
        }
        return found
    }

    func deviceId(salt: String, files: HostFiles) -> String? {
        DeviceIdentifier.make(salt: salt, identifiers: identifiers(files))
    }

    func osVersion(_ files: HostFiles) -> String? {
        let release = files.text("/etc/os-release") ?? files.text("/usr/lib/os-release")
        return release.flatMap(OSRelease.versionID) ?? files.firstLine("/proc/sys/kernel/osrelease")
    }

    /// True on a hypervisor flag or a DMI match; false when a source was read and neither
    /// matched; nil when no source could be read.
    func isEmulated(_ files: HostFiles) -> Bool? {
        let flag = files.text("/proc/cpuinfo").flatMap(CPUInfo.hasHypervisorFlag)
        var dmi: [String: String] = [:]
        for field in VirtualMachineVendors.fields {
            dmi[field] = files.firstLine("/sys/class/dmi/id/\(field)")
        }
        let vendor = dmi.isEmpty ? nil : VirtualMachineVendors.match(dmi)
        if flag == true || vendor != nil { return true }
        if flag == nil && dmi.isEmpty { return nil }
        return false
    }

    /// True on a container marker file, a cgroup path naming a runtime, or a `container`
    /// variable; false when the cgroup files were read and nothing matched; nil otherwise.
    func isContainer(_ files: HostFiles) -> Bool? {
        if files.exists("/.dockerenv") || files.exists("/run/.containerenv") { return true }
        if let value = host.environment["container"], !value.isEmpty { return true }
        let cgroups = ["/proc/1/cgroup", "/proc/self/cgroup"].compactMap(files.text)
        if cgroups.contains(where: { CgroupHints.containerMarker($0) != nil }) { return true }
        return cgroups.isEmpty ? nil : false
    }
}
