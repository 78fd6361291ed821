/// The product's version, in one place: `activation --version`, the service's
/// `activation_build_info` metric and the batch report all print this value.
///
/// Bump it with each release (semantic versioning: the JSON keys, error codes and command
/// names are the interface; a change to any of them is a major version).
public enum ProductVersion {
    /// The released version of the `activation` command and its libraries.
    public static let current = "0.9.0"
}
