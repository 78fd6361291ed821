import Hummingbird

extension IMEIController {
    /// Whether the request asks for the reader's stages: `?explain=1` (or `true`). The body
    /// then also holds `stages`, each `{"name", "ms", "concluded", "verdict"?, "stages"?}` in
    /// the order they ran, as `activation imei --explain --json` prints them; without it the
    /// body is the reader's JSON as before.
    static func wantsExplanation(_ request: Request) -> Bool {
        guard let value = request.uri.queryParameters.get("explain") else { return false }
        return value == "1" || value == "true"
    }
}
