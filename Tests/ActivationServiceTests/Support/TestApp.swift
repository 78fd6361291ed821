import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@testable import ActivationService

/// Builds applications for tests: small limits, quiet logs.
enum TestApp {
    static var logger: Logger {
        var logger = Logger(label: "activation.serve.test")
        logger.logLevel = .warning
        return logger
    }

    /// A configuration on loopback with a free port, `workers` workers and `queue` places.
    static func configuration(workers: Int = 1, queue: Int = 4) -> ServiceConfiguration {
        var configuration = ServiceConfiguration()
        configuration.port = 0
        configuration.workers = workers
        configuration.queueDepth = queue
        return configuration
    }

    /// The application with the real engines (Tesseract reader, KYC validator).
    static func live(_ configuration: ServiceConfiguration = configuration()) async throws -> some ApplicationProtocol {
        try await buildApplication(configuration, logger: logger)
    }

    /// The application with `engines`.
    static func with(
        _ engines: @escaping WorkerEngines.Factory, _ configuration: ServiceConfiguration = configuration()
    ) async throws -> some ApplicationProtocol {
        try await buildApplication(configuration, engines: engines, logger: logger)
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(decoding: body.readableBytesView, as: UTF8.self) }

    /// The body as a JSON object.
    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any]
    }
}
