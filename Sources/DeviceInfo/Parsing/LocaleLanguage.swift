/// Finds the locale's language in POSIX locale variables. Pure logic.
public enum LocaleLanguage {
    /// The variables consulted, most important first, as POSIX ranks them for messages.
    public static let variables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The two-letter ISO 639-1 code of the first set variable (`pt_BR.UTF-8` → `pt`).
    /// Nil when none is set, or the first set one has no two-letter language (`C`, `POSIX`,
    /// `C.UTF-8`, `fil_PH`).
    public static func language(from environment: [String: String]) -> String? {
        guard let value = variables.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return nil
        }
        let code = value.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }.lowercased()
        guard code.count == 2, code.allSatisfy({ ("a"..."z").contains($0) }) else { return nil }
        return code
    }
}
