import ActivationPipeline

extension EnrollmentStep: Codable {
    private enum CodingKeys: String, CodingKey {
        case step, preValidation, preValidationReasons, outcome, failureStatusCodes, success, status, reasonCode, reasonMessage
    }

    /// `{"step": "<name>", …inputs}`, flat:
    /// - `{"step": "validateDocuments", "preValidation": "pass" | "fail", "preValidationReasons": […],
    ///   "outcome": "passed" | "failed", "failureStatusCodes": […]}` (and `validateSelfie`);
    /// - `{"step": "validateApplication", "outcome": "failed", "failureStatusCodes": ["FAILURE_CODE_DEFAULT"]}`;
    /// - `{"step": "reject", "failureStatusCodes": […]}`; `{"step": "confirmed", "success": true}`;
    /// - `{"step": "webhook", "status": "FAILED", "reasonCode": …, "reasonMessage": …}`;
    /// - `{"step": "update"}`, `accept`, `finalize`, `cancel`, `redirectionCompleted`, `fidoOptionsReceived`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(Name.self, forKey: .step) {
        case .update: self = .update
        case .validateDocuments:
            self = .validateDocuments(preValidation: try Self.verdict(c), outcome: try Self.outcome(c))
        case .validateSelfie:
            self = .validateSelfie(preValidation: try Self.verdict(c), outcome: try Self.outcome(c))
        case .validateApplication: self = .validateApplication(outcome: try Self.outcome(c))
        case .accept: self = .accept
        case .finalize: self = .finalize
        case .cancel: self = .cancel
        case .reject: self = .reject(failureStatusCodes: try c.decodeIfPresent([String].self, forKey: .failureStatusCodes) ?? [])
        case .redirectionCompleted: self = .redirectionCompleted
        case .fidoOptionsReceived: self = .fidoOptionsReceived
        case .confirmed: self = .confirmed(try c.decode(Bool.self, forKey: .success))
        case .webhook:
            self = .webhook(
                try c.decode(EnrollmentStatus.self, forKey: .status),
                reasonCode: try c.decodeIfPresent(String.self, forKey: .reasonCode),
                reasonMessage: try c.decodeIfPresent(String.self, forKey: .reasonMessage))
        }
    }

    private static func verdict(_ c: KeyedDecodingContainer<CodingKeys>) throws -> KYCPreValidation {
        switch try c.decode(String.self, forKey: .preValidation) {
        case "pass": return .pass
        case "fail": return .fail(reasons: try c.decodeIfPresent([String].self, forKey: .preValidationReasons) ?? [])
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .preValidation, in: c, debugDescription: "preValidation must be pass or fail, not \(other)")
        }
    }

    private static func outcome(_ c: KeyedDecodingContainer<CodingKeys>) throws -> KYCOutcome {
        switch try c.decode(String.self, forKey: .outcome) {
        case "passed": return .passed
        case "failed": return .failed(failureStatusCodes: try c.decodeIfPresent([String].self, forKey: .failureStatusCodes) ?? [])
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .outcome, in: c, debugDescription: "outcome must be passed or failed, not \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .step)
        switch self {
        case .validateDocuments(let verdict, let outcome), .validateSelfie(let verdict, let outcome):
            switch verdict {
            case .pass: try c.encode("pass", forKey: .preValidation)
            case .fail(let reasons):
                try c.encode("fail", forKey: .preValidation)
                try c.encode(reasons, forKey: .preValidationReasons)
            }
            try Self.encode(outcome, into: &c)
        case .validateApplication(let outcome):
            try Self.encode(outcome, into: &c)
        case .reject(let codes):
            try c.encode(codes, forKey: .failureStatusCodes)
        case .confirmed(let success):
            try c.encode(success, forKey: .success)
        case .webhook(let status, let code, let message):
            try c.encode(status, forKey: .status)
            try c.encode(code, forKey: .reasonCode)
            try c.encode(message, forKey: .reasonMessage)
        case .update, .accept, .finalize, .cancel, .redirectionCompleted, .fidoOptionsReceived:
            break
        }
    }

    private static func encode(_ outcome: KYCOutcome, into c: inout KeyedEncodingContainer<CodingKeys>) throws {
        switch outcome {
        case .passed: try c.encode("passed", forKey: .outcome)
        case .failed(let codes):
            try c.encode("failed", forKey: .outcome)
            try c.encode(codes, forKey: .failureStatusCodes)
        }
    }
}
