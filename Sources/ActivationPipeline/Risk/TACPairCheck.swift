/// Compares the IMEIs of the two SIM slots of one phone. Pure logic.
///
/// A dual-SIM phone's two IMEIs are allocated together: they normally share the whole TAC
/// (first 8 digits), and at the least the first 6 digits (reporting body and type
/// allocation). Two IMEIs that differ there come from two different phones, which is how a
/// screenshot stitched from two devices, or an edited one, shows.
public enum TACPairCheck {
    /// How closely two IMEIs agree.
    public enum Agreement: String, Sendable, Hashable, Codable {
        /// The same 8-digit TAC.
        case sameTAC
        /// The same first 6 digits, a different TAC: allowed, some makers allocate this way.
        case sameTACPrefix
        /// The same 2-digit reporting body only.
        case sameReportingBody
        /// Nothing in common.
        case different

        /// Whether the pair is flagged as `TAC_PAIR_MISMATCH`.
        public var isMismatch: Bool {
            self == .sameReportingBody || self == .different
        }
    }

    /// How `first` and `second` (15-digit IMEIs) agree.
    public static func compare(_ first: String, _ second: String) -> Agreement {
        if first.prefix(8) == second.prefix(8) { return .sameTAC }
        if first.prefix(6) == second.prefix(6) { return .sameTACPrefix }
        if first.prefix(2) == second.prefix(2) { return .sameReportingBody }
        return .different
    }
}
