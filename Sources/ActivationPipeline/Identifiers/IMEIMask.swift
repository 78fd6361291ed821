/// How IMEIs appear wherever people read them (service logs, batch summaries): the first 8
/// digits (the TAC, which names the model, not the device) and `*******`. Pure.
public enum IMEIMask {
    /// `35209900*******` for `352099001761481`; values shorter than 8 are fully masked.
    public static func mask(_ value: String) -> String {
        guard value.count >= 8 else { return String(repeating: "*", count: max(value.count, 1)) }
        return String(value.prefix(8)) + "*******"
    }
}
