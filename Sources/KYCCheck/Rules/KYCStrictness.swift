/// How strict the KYC pre-validation is, as BlinkID's blur and glare strictness levels are:
/// `normal` is what a careful reviewer accepts, `strict` refuses the borderline (and keeps the
/// vendor's old 1000×600 px document minimum), `relaxed` only what is clearly unusable.
///
/// Each level is one set of thresholds, listed in `KYCRules.init(strictness:)` and the README.
/// Pure value.
public enum KYCStrictness: String, Sendable, Hashable, Codable, CaseIterable {
    case relaxed, normal, strict
}
