import Hummingbird

/// How a flow request's body comes, by its Content-Type: JSON, or multipart/form-data with files.
///
/// Pure, but for reading the header.
enum StepBody: Sendable, Hashable {
    /// `application/json` (or any `…+json`), or no Content-Type at all.
    case json
    /// `multipart/form-data`, with its boundary.
    case multipart(boundary: String)

    /// The kind of `request`'s body. 415 (`UNSUPPORTED_MEDIA_TYPE`) for any other type.
    init(_ request: Request) throws(ServiceError) {
        try self.init(contentType: request.headers[.contentType])
    }

    /// The kind of a body with this Content-Type header.
    init(contentType header: String?) throws(ServiceError) {
        guard let header else {
            self = .json
            return
        }
        let type = ContentType(header)
        if type.isMultipartForm {
            self = .multipart(boundary: type.parameters["boundary"] ?? "")
        } else if type.essence == "application/json" || type.essence.hasSuffix("+json") {
            self = .json
        } else {
            throw .unsupportedMediaType(type.essence, hint: "; send application/json, or multipart/form-data for a step with files")
        }
    }

    /// Throws 415 unless the body is JSON: creations take JSON only.
    static func requireJSON(_ request: Request) throws(ServiceError) {
        guard case .json? = try? StepBody(request) else {
            throw .unsupportedMediaType(request.headers[.contentType].map { ContentType($0).essence }, hint: "; send application/json")
        }
    }
}

/// The `step` of a JSON step body, read before the rest so that a step that needs files is
/// refused as such, whatever else the body holds.
struct StepName: Decodable, Sendable {
    var step: String?
}
