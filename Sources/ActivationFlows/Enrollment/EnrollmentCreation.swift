public import ActivationPipeline
import Foundation

/// What creates an enrollment: the first call of either onboarding, with its input.
///
/// JSON: `{"kind": "finaptic", "allowedRetries": 3}`, or `{"kind": "belvo", "cpf": "390.533.447-05",
/// "institution": "ofmockbank_br_retail", "accountTenure": "2023-05-01", "callbackURL":
/// "https://myapp.com/callback", "riskSignals": {"device_id": "…", …}}`. Missing Belvo fields
/// decode as empty, so that the machine refuses them with its own codes (`INVALID_CPF` …).
public enum EnrollmentCreation: Sendable, Hashable {
    /// Finaptic's `initiateApplication` succeeded with this `remainingAllowedRetries`.
    case finaptic(allowedRetries: Int)
    /// Belvo's `createEnrollment`, with the risk signals collected on the device.
    case belvo(cpf: String, institution: String, accountTenure: String, riskSignals: RiskSignalsPayload, callbackURL: String)

    /// Which onboarding this creates.
    public var kind: EnrollmentKind {
        switch self {
        case .finaptic: .finaptic
        case .belvo: .belvo
        }
    }
}

extension EnrollmentCreation: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, allowedRetries, cpf, institution, accountTenure, riskSignals, callbackURL
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(EnrollmentKind.self, forKey: .kind) {
        case .finaptic:
            self = .finaptic(allowedRetries: try c.decode(Int.self, forKey: .allowedRetries))
        case .belvo:
            let signals = try c.decodeIfPresent(RiskSignalsJSON.self, forKey: .riskSignals)
            self = .belvo(
                cpf: try c.decodeIfPresent(String.self, forKey: .cpf) ?? "",
                institution: try c.decodeIfPresent(String.self, forKey: .institution) ?? "",
                accountTenure: try c.decodeIfPresent(String.self, forKey: .accountTenure) ?? "",
                riskSignals: signals.map(RiskSignalsPayload.init(json:)) ?? RiskSignalsPayload(data: Data()),
                callbackURL: try c.decodeIfPresent(String.self, forKey: .callbackURL) ?? "")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        switch self {
        case .finaptic(let retries):
            try c.encode(retries, forKey: .allowedRetries)
        case .belvo(let cpf, let institution, let tenure, let signals, let callbackURL):
            try c.encode(cpf, forKey: .cpf)
            try c.encode(institution, forKey: .institution)
            try c.encode(tenure, forKey: .accountTenure)
            try c.encode(signals.json, forKey: .riskSignals)
            try c.encode(callbackURL, forKey: .callbackURL)
        }
    }
}
