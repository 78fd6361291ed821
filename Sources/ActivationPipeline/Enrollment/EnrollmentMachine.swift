import Foundation

/// A Belvo Pix Biometria device enrollment as a pure value-type state machine.
///
/// `create` (CPF, institution, account tenure, risk signals, callback URL) →
/// `redirectionCompleted` → `fidoOptionsReceived` → `confirmed(true)` → SUCCEEDED. Every step
/// between creation and the end is Belvo's PENDING; a `FAILED` answer or webhook, or a refused
/// confirmation, ends in FAILED. An event the state does not allow is refused with
/// ``EnrollmentError`` (`ILLEGAL_TRANSITION`) and changes nothing; so is a `create` with a bad
/// CPF (`INVALID_CPF`), no institution (`INVALID_INSTITUTION`), a bad account tenure
/// (`INVALID_ACCOUNT_TENURE`), a callback URL that is not absolute (`INVALID_CALLBACK_URL`), or
/// risk signals that are invalid, lack `device_id`, or carry another `accountTenure`
/// (`INVALID_RISK_SIGNALS`). Webhooks repeating the current final status are accepted as no-ops,
/// since webhooks may arrive more than once. `Codable`, to be stored.
public struct EnrollmentMachine: Sendable, Hashable, Codable {
    /// Where the enrollment is.
    public private(set) var state: State
    /// What the enrollment was created with and what it learnt.
    public private(set) var context: Context

    /// A machine before `create`.
    public init() {
        state = .notCreated
        context = Context()
    }

    /// Belvo's status for the current state; nil before `create`.
    public var status: EnrollmentStatus? { state.status }

    /// Applies `event`, or refuses it and leaves the machine as it was.
    public mutating func handle(_ event: Event) throws(EnrollmentError) -> Action {
        switch (state, event) {
        case (.notCreated, .create(let request)):
            context = try Self.validated(request)
            state = .awaitingRedirection
            return .redirectToInstitution

        case (.awaitingRedirection, .redirectionCompleted):
            state = .awaitingFidoOptions
            return .fetchFidoOptions

        case (.awaitingFidoOptions, .fidoOptionsReceived):
            state = .awaitingConfirmation
            return .startBiometricRegistration

        case (.awaitingConfirmation, .confirmed(true)), (.awaitingConfirmation, .webhook(.succeeded, _, _)):
            state = .succeeded
            return .finished(.succeeded)

        case (.awaitingConfirmation, .confirmed(false)):
            return fail(code: "CONFIRMATION_FAILED", message: "the institution did not confirm the FIDO credential")

        case (.awaitingRedirection, .webhook(.failed, let code, let message)),
            (.awaitingFidoOptions, .webhook(.failed, let code, let message)),
            (.awaitingConfirmation, .webhook(.failed, let code, let message)):
            return fail(code: code, message: message)

        case (.awaitingRedirection, .webhook(.pending, _, _)), (.awaitingFidoOptions, .webhook(.pending, _, _)),
            (.awaitingConfirmation, .webhook(.pending, _, _)), (.succeeded, .webhook(.succeeded, _, _)),
            (.failed, .webhook(.failed, _, _)):
            return .wait

        default:
            throw EnrollmentError(.illegalTransition, "\(event.name) in \(state.rawValue)")
        }
    }

    private mutating func fail(code: String?, message: String?) -> Action {
        context.statusReasonCode = code
        context.statusReasonMessage = message
        state = .failed
        return .finished(.failed)
    }

    /// The context of a valid creation request, or the reason it is refused.
    static func validated(_ request: CreateRequest) throws(EnrollmentError) -> Context {
        let cpf: String
        do {
            cpf = try CPFValidator().validate(request.cpf)
        } catch {
            throw EnrollmentError(.invalidCPF, "\(error.code.rawValue): \(error.message)")
        }
        let institution = request.institution.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !institution.isEmpty else { throw EnrollmentError(.invalidInstitution, "no institution chosen") }
        let tenure: CalendarDate
        do {
            tenure = try AccountTenure.validate(request.accountTenure, today: request.today)
        } catch {
            throw EnrollmentError(.invalidAccountTenure, "\(error.code): \(error.message)")
        }
        guard Self.isAbsoluteURL(request.callbackURL) else {
            throw EnrollmentError(.invalidCallbackURL, "the callback URL must be absolute (scheme://…)")
        }
        let check = request.riskSignals.check(today: request.today)
        guard check.isValid, let deviceId = check.deviceId else {
            throw EnrollmentError(.invalidRiskSignals, check.problems.map(\.description).joined(separator: "; "))
        }
        if case .object(let fields)? = request.riskSignals.json, case .string(let signalled)? = fields["accountTenure"], signalled != tenure.description {
            throw EnrollmentError(.invalidRiskSignals, "the risk signals' accountTenure \(signalled) is not the enrollment's \(tenure)")
        }
        var context = Context()
        context.cpf = cpf
        context.institution = institution
        context.accountTenure = tenure
        context.callbackURL = request.callbackURL
        context.deviceId = deviceId
        context.riskSignals = request.riskSignals
        return context
    }

    /// `scheme://rest`, the scheme a letter followed by letters, digits, `+`, `-` or `.`.
    static func isAbsoluteURL(_ text: String) -> Bool {
        guard let range = text.range(of: "://") else { return false }
        let scheme = text[..<range.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        let rest = text[range.upperBound...]
        return !rest.isEmpty && !rest.contains(where: \.isWhitespace)
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
