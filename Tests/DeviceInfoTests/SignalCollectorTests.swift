import ActivationPipeline
import DeviceInfo
import Foundation
import Testing

/// Runs the collector over fake `/proc`, `/sys` and `/etc` trees in a temporary directory.
@Suite struct SignalCollectorTests {
    /// A temporary root directory, removed when the test ends.
    final class FakeRoot {
        let path: String

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("deviceinfo-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: path)
        }

        func write(_ relative: String, _ text: String) throws {
            let url = URL(fileURLWithPath: path + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func host(environment: [String: String] = [:], euid: UInt32 = 1000, secondsFromGMT: Int = -10_800) -> HostEnvironment {
            HostEnvironment(
                root: path + "/", environment: environment, effectiveUserID: euid,
                now: Date(timeIntervalSince1970: 1_742_081_400),
                timeZone: TimeZone(secondsFromGMT: secondsFromGMT) ?? .current
            )
        }
    }

    func populatedVM() throws -> FakeRoot {
        let root = try FakeRoot()
        try root.write("/proc/uptime", "3600.25 7000.00\n")
        try root.write("/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme hypervisor\n")
        try root.write("/proc/self/status", "Name:\tactivation\nTracerPid:\t0\n")
        try root.write("/proc/1/cgroup", "0::/init.scope\n")
        try root.write("/etc/machine-id", "0123456789abcdef0123456789abcdef\n")
        try root.write("/etc/os-release", "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\n")
        try root.write("/sys/class/dmi/id/sys_vendor", "QEMU\n")
        try root.write("/sys/class/dmi/id/product_name", "Standard PC (Q35 + ICH9, 2009)\n")
        try root.write("/sys/class/dmi/id/product_uuid", "9b2f0c6e-3c55-4d8e-9a51-6f1f3d0e7a10\n")
        return root
    }

    @Test func readsEverySignalFromTheTree() throws {
        let root = try populatedVM()
        let tenure = try AccountTenure.validate("2023-05-01", today: root.host().today)
        let signals = SignalCollector(host: root.host(environment: ["LANG": "pt_BR.UTF-8"])).collect(salt: "salt", accountTenure: tenure)
        #expect(signals.deviceId?.count == 64)
        #expect(signals.osVersion == "12")
        #expect(signals.elapsedTimeSinceBoot == 3_600_250)
        #expect(signals.userTimeZoneOffset == "-03")
        #expect(signals.language == "pt")
        #expect(signals.isRootedDevice == false)
        #expect(signals.isEmulated == true)
        #expect(signals.isDevModeEnabled == false)
        #expect(signals.isContainer == false)
        #expect(signals.accountTenure == "2023-05-01")
    }

    @Test func deviceIDIsStableAndSalted() throws {
        let root = try populatedVM()
        let collector = SignalCollector(host: root.host())
        let first = collector.collect(salt: "a", accountTenure: nil).deviceId
        #expect(first != nil)
        #expect(collector.collect(salt: "a", accountTenure: nil).deviceId == first)
        #expect(collector.collect(salt: "b", accountTenure: nil).deviceId != first)
        try root.write("/sys/class/dmi/id/product_uuid", "00000000-0000-0000-0000-000000000000\n")
        let withoutUUID = collector.collect(salt: "a", accountTenure: nil).deviceId
        #expect(withoutUUID != nil && withoutUUID != first)
    }

    @Test func detectsTracersRootAndContainers() throws {
        let root = try populatedVM()
        try root.write("/proc/self/status", "Name:\tactivation\nTracerPid:\t311\n")
        try root.write("/.dockerenv", "")
        let signals = SignalCollector(host: root.host(euid: 0, secondsFromGMT: 19_800)).collect(salt: "", accountTenure: nil)
        #expect(signals.isDevModeEnabled == true)
        #expect(signals.isRootedDevice == true)
        #expect(signals.isContainer == true)
        #expect(signals.userTimeZoneOffset == "+05:30")
    }

    @Test func containerFromCgroupOrEnvironment() throws {
        let root = try populatedVM()
        #expect(SignalCollector(host: root.host(environment: ["container": "podman"])).collect(salt: "", accountTenure: nil).isContainer == true)
        try root.write("/proc/1/cgroup", "0::/system.slice/docker-1f2e.scope\n")
        #expect(SignalCollector(host: root.host()).collect(salt: "", accountTenure: nil).isContainer == true)
    }

    @Test func bareMetalIsNotEmulated() throws {
        let root = try populatedVM()
        try root.write("/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme\n")
        try root.write("/sys/class/dmi/id/sys_vendor", "Dell Inc.\n")
        try root.write("/sys/class/dmi/id/product_name", "PowerEdge R650\n")
        #expect(SignalCollector(host: root.host()).collect(salt: "", accountTenure: nil).isEmulated == false)
    }

    @Test func missingSourcesAreNull() throws {
        let root = try FakeRoot()
        let signals = SignalCollector(host: root.host()).collect(salt: "s", accountTenure: nil)
        #expect(signals.deviceId == nil)
        #expect(signals.osVersion == nil)
        #expect(signals.elapsedTimeSinceBoot == nil)
        #expect(signals.isEmulated == nil)
        #expect(signals.isDevModeEnabled == nil)
        #expect(signals.isContainer == nil)
        #expect(signals.language == nil)
        #expect(signals.accountTenure == nil)
        // Always known: the clock's zone and the effective user.
        #expect(signals.userTimeZoneOffset == "-03")
        #expect(signals.isRootedDevice == false)
    }

    @Test func jsonHasEveryKeyWithNulls() throws {
        let data = try JSONEncoder().encode(DeviceSignals(osVersion: "12"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == Set(DeviceSignals.CodingKeys.allCases.map(\.stringValue)))
        #expect(object["osVersion"] as? String == "12")
        #expect(object["deviceId"] is NSNull)
        #expect(try JSONDecoder().decode(DeviceSignals.self, from: data) == DeviceSignals(osVersion: "12"))
    }
}
