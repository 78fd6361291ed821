import Foundation
import KYCCheck

/// The KYC validator's one method, as the service calls it. `KYCValidator` conforms.
///
/// This file is the adapter between the service and the KYC rules: the only place that
/// names `KYCValidationOutcome`. The report is turned into JSON here, on the worker thread,
/// so that nothing else depends on its shape.
protocol KYCChecking: KYCEngine {
    /// Checks `application`; with `fix`, also returns repaired files. Blocks the calling
    /// (worker) thread; never throws.
    func validate(_ application: KYCApplication, fix: Bool) -> KYCValidationOutcome
    /// Checks `application` at `strictness`, as `validate(_:fix:)` does.
    func validate(_ application: KYCApplication, fix: Bool, strictness: KYCStrictness) -> KYCValidationOutcome
}

extension KYCChecking {
    func prevalidate(_ application: KYCApplication, fix: Bool) -> KYCAnswer {
        prevalidate(application, fix: fix, strictness: .normal)
    }

    func prevalidate(_ application: KYCApplication, fix: Bool, strictness: KYCStrictness) -> KYCAnswer {
        let outcome = validate(application, fix: fix, strictness: strictness)
        let report: Result<[UInt8], ServiceError>
        do {
            report = .success(Array(try JSONEncoder.service.encode(outcome.report)))
        } catch {
            report = .failure(.internalError("the KYC report could not be encoded"))
        }
        return KYCAnswer(report: report, fixed: outcome.fixed.reduce(into: [:]) { $0[String(describing: $1.key)] = $1.value })
    }
}

extension KYCValidator: KYCChecking {}
