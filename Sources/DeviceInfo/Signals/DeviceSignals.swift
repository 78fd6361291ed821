/// Host risk signals under the key names of Belvo's `collectRiskSignals`.
///
/// Every field is optional: nil means the source was missing or unreadable, and JSON writes it
/// as `null` rather than leaving the key out.
public struct DeviceSignals: Sendable, Hashable, Codable {
    /// Hex SHA-256 over a salt and the host's stable identifiers; never a raw identifier.
    public var deviceId: String?
    /// The OS version: `VERSION_ID` of os-release (`12` for Debian 12), else the kernel release.
    public var osVersion: String?
    /// Milliseconds since boot, from `/proc/uptime`.
    public var elapsedTimeSinceBoot: Int?
    /// The offset from UTC, Belvo style: `-03`, `+00`, `+05:30`.
    public var userTimeZoneOffset: String?
    /// The ISO 639-1 language of the locale (`pt`), from `LC_ALL`, `LC_MESSAGES` or `LANG`.
    public var language: String?
    /// True when running with effective user id 0.
    public var isRootedDevice: Bool?
    /// True when the CPU reports the `hypervisor` flag or DMI names a virtual machine vendor.
    public var isEmulated: Bool?
    /// True when a debugger or tracer is attached (`TracerPid` is not 0).
    public var isDevModeEnabled: Bool?
    /// True when container markers, cgroup paths or the `container` variable say so.
    public var isContainer: Bool?
    /// The customer's account creation date, `YYYY-MM-DD`, as passed in.
    public var accountTenure: String?

    public init(
        deviceId: String? = nil, osVersion: String? = nil, elapsedTimeSinceBoot: Int? = nil,
        userTimeZoneOffset: String? = nil, language: String? = nil, isRootedDevice: Bool? = nil,
        isEmulated: Bool? = nil, isDevModeEnabled: Bool? = nil, isContainer: Bool? = nil,
        accountTenure: String? = nil
    ) {
        self.deviceId = deviceId
        self.osVersion = osVersion
        self.elapsedTimeSinceBoot = elapsedTimeSinceBoot
        self.userTimeZoneOffset = userTimeZoneOffset
        self.language = language
        self.isRootedDevice = isRootedDevice
        self.isEmulated = isEmulated
        self.isDevModeEnabled = isDevModeEnabled
        self.isContainer = isContainer
        self.accountTenure = accountTenure
    }

    /// The JSON keys, in Belvo's order.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case deviceId, osVersion, elapsedTimeSinceBoot, userTimeZoneOffset, language
        case isRootedDevice, isEmulated, isDevModeEnabled, isContainer, accountTenure
    }

    /// Writes every key, `null` included, so that scripts can rely on the shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(deviceId, forKey: .deviceId)
        try c.encode(osVersion, forKey: .osVersion)
        try c.encode(elapsedTimeSinceBoot, forKey: .elapsedTimeSinceBoot)
        try c.encode(userTimeZoneOffset, forKey: .userTimeZoneOffset)
        try c.encode(language, forKey: .language)
        try c.encode(isRootedDevice, forKey: .isRootedDevice)
        try c.encode(isEmulated, forKey: .isEmulated)
        try c.encode(isDevModeEnabled, forKey: .isDevModeEnabled)
        try c.encode(isContainer, forKey: .isContainer)
        try c.encode(accountTenure, forKey: .accountTenure)
    }
}
