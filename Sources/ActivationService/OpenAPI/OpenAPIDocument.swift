import Foundation

/// The service's contract, `docs/openapi.yaml`, as built into the binary by the `EmbedOpenAPI`
/// plugin (one source of truth: the file in the repository; a test holds the served bytes to it).
enum OpenAPIDocument {
    /// The YAML bytes; empty only if the build embedded something that is not base64, which the
    /// plugin never does.
    static let bytes: [UInt8] = Data(base64Encoded: embeddedBase64).map(Array.init) ?? []
}
