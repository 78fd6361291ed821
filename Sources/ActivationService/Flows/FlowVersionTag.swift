import Foundation
import Hummingbird

/// A flow's stored version on the wire: sent as `ETag: "4"` with every view, taken back from
/// `If-Match` as the version a step expects (a lost update is then `FLOW_CONFLICT`, 409).
///
/// Pure, but for reading and writing the headers.
enum FlowVersionTag {
    /// The tag for `version`: `"4"`, a strong entity tag.
    static func tag(_ version: Int) -> String {
        "\"\(version)\""
    }

    /// The expected version in `header` (`"4"`, or a bare `4`); nil without the header or for
    /// `*`. 400 (`FIELD_INVALID`) for anything else, a list or a weak tag included: a step
    /// expects one exact version.
    static func expectedVersion(_ header: String?) throws(ServiceError) -> Int? {
        guard let header else { return nil }
        var value = header.trimmingCharacters(in: .whitespaces)
        if value == "*" { return nil }
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        guard !value.isEmpty, value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber), let version = Int(value) else {
            throw .fieldInvalid("If-Match", "must be one version tag such as \"4\"")
        }
        return version
    }

    /// The `If-Match` of `request`, as ``expectedVersion(_:)`` reads it.
    static func expectedVersion(of request: Request) throws(ServiceError) -> Int? {
        try expectedVersion(request.headers[.ifMatch])
    }

    /// A response with `view` as its JSON body, its version as the `ETag`, and `status`;
    /// `location` adds a `Location` header (for 201).
    static func response(
        _ view: some Encodable, version: Int, status: HTTPResponse.Status, location: String? = nil
    ) throws(ServiceError) -> Response {
        let data: Data
        do {
            data = try JSONEncoder.service.encode(view)
        } catch {
            throw .internalError("the view could not be encoded")
        }
        var response = Response.json(Array(data), status: status)
        response.headers[.eTag] = tag(version)
        if let location { response.headers[.location] = location }
        return response
    }
}
