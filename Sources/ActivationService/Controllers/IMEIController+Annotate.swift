import ActivationPipeline
import ActivationReader
import Foundation
import Hummingbird

extension IMEIController {
    /// Whether the request asks for the annotated picture: `?annotate=1` (or `true`).
    static func wantsAnnotation(_ request: Request) -> Bool {
        guard let value = request.uri.queryParameters.get("annotate") else { return false }
        return value == "1" || value == "true"
    }

    /// The body: the result's JSON, and with `annotating` (the upload's bytes) the annotated PNG
    /// in base64 under `annotated` (null when the upload does not decode). IMEIs on the picture
    /// are masked as in logs. Runs on the worker's thread; drawing blocks it.
    static func body(_ result: ScreenshotResult, annotating bytes: [UInt8]?) throws -> Data {
        guard let bytes else { return try JSONEncoder.service.encode(result) }
        let png = try? ScreenshotAnnotation.png(of: bytes, result: result)
        return try JSONEncoder.service.encode(AnnotatedResult(result: result, annotated: png.map { Data($0).base64EncodedString() }))
    }
}

/// The result of `POST /v1/imei?annotate=1`: the result's own keys, plus `annotated`.
struct AnnotatedResult: Encodable {
    let result: ScreenshotResult
    let annotated: String?

    private enum CodingKeys: String, CodingKey { case annotated }

    func encode(to encoder: any Encoder) throws {
        try result.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(annotated, forKey: .annotated)
    }
}
