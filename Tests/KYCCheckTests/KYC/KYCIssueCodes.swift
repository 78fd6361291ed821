@testable import KYCCheck

/// The codes of `issues`, in their order, as the JSON names them: what the KYC tests compare.
func codes(_ issues: [KYCIssue]) -> [String] { issues.map(\.code.rawValue) }
