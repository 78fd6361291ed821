import ActivationPipeline

extension ActivationStep: Codable {
    private enum CodingKeys: String, CodingKey {
        case step, token, activationCode, membershipStatus, membershipMobile, deviceId, pincode, address, mobile, detail
    }

    /// `{"step": "<name>", …inputs}`: `{"step": "submitBasicDetails", "pincode": "560001",
    /// "address": "…"}`, `{"step": "smsSent"}`. `fetchDeviceId` nests its input under `deviceId`.
    /// The membership status is the API's string (`POSTDTLPENDING`; `In-Progress` is read too).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = try c.decode(String.self, forKey: .step)
        guard let kind = ActivationMachine.Event.Kind(rawValue: name) else {
            throw DecodingError.dataCorruptedError(forKey: .step, in: c, debugDescription: "unknown step \(name)")
        }
        switch kind {
        case .initialize:
            self = .initialize(token: try c.decode(String.self, forKey: .token))
        case .start:
            let text = try c.decode(String.self, forKey: .membershipStatus)
            guard let status = MembershipStatus(apiValue: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .membershipStatus, in: c, debugDescription: "unknown membership status \(text)")
            }
            self = .start(
                activationCode: try c.decode(String.self, forKey: .activationCode), membershipStatus: status,
                membershipMobile: try c.decode(String.self, forKey: .membershipMobile))
        case .fetchDeviceId:
            self = .fetchDeviceId(try c.decode(DeviceIdInput.self, forKey: .deviceId))
        case .submitBasicDetails:
            self = .submitBasicDetails(
                pincode: try c.decodeIfPresent(String.self, forKey: .pincode) ?? "",
                address: try c.decodeIfPresent(String.self, forKey: .address) ?? "")
        case .sendUploadLink:
            self = .sendUploadLink(mobile: try c.decodeIfPresent(String.self, forKey: .mobile) ?? "")
        case .smsSent: self = .smsSent
        case .smsFailed: self = .smsFailed(detail: try c.decodeIfPresent(String.self, forKey: .detail))
        case .openSecureScreen: self = .openSecureScreen
        case .secureScreenDismissed: self = .secureScreenDismissed
        case .complete: self = .complete
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind.rawValue, forKey: .step)
        switch self {
        case .initialize(let token):
            try c.encode(token, forKey: .token)
        case .start(let code, let status, let mobile):
            try c.encode(code, forKey: .activationCode)
            try c.encode(status, forKey: .membershipStatus)
            try c.encode(mobile, forKey: .membershipMobile)
        case .fetchDeviceId(let input):
            try c.encode(input, forKey: .deviceId)
        case .submitBasicDetails(let pincode, let address):
            try c.encode(pincode, forKey: .pincode)
            try c.encode(address, forKey: .address)
        case .sendUploadLink(let mobile):
            try c.encode(mobile, forKey: .mobile)
        case .smsFailed(let detail):
            try c.encode(detail, forKey: .detail)
        case .smsSent, .openSecureScreen, .secureScreenDismissed, .complete:
            break
        }
    }
}
