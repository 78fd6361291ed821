import Foundation
import KYCCheck

extension KYCEngine {
    /// The validator's report on `application`, without fixing, as the typed ``KYCReport`` the
    /// enrollment steps take their verdict from (its JSON read back). Blocks the calling
    /// (worker) thread; never throws: a report that cannot be read is a 500.
    func report(for application: KYCApplication) -> Result<KYCReport, ServiceError> {
        switch prevalidate(application, fix: false).report {
        case .failure(let error):
            return .failure(error)
        case .success(let bytes):
            do {
                return .success(try JSONDecoder().decode(KYCReport.self, from: Data(bytes)))
            } catch {
                return .failure(.internalError("the KYC report could not be read back"))
            }
        }
    }
}
