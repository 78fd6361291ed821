public import ActivationPipeline
public import ActivationStorage
import Foundation

/// The commands that confirm or correct one result, as the review list and the report print
/// them for a person to copy: `activation batch review --db batch.sqlite --confirm FILE --by NAME`.
/// Pure.
public struct ReviewCommands: Sendable, Hashable {
    /// `--db FILE` or `--queue URL` (the URL without its password), shell-quoted.
    public var storeArguments: String

    /// The commands for the store at `location` (``StoreLocation/description``): `isFile` for `--db`.
    public init(store description: String, isFile: Bool) {
        storeArguments = (isFile ? "--db " : "--queue ") + Self.shellWord(description)
    }

    /// The commands for the store at `location`: `--db FILE`, or `--queue URL` without its password.
    public init(location: StoreLocation) {
        switch location {
        case .sqlite(let path): self.init(store: path, isFile: true)
        case .postgres: self.init(store: location.description, isFile: false)
        }
    }

    /// The command that confirms `path`'s reading.
    public func confirm(_ path: String) -> String {
        "activation batch review \(storeArguments) --confirm \(Self.shellWord(path)) --by NAME"
    }

    /// The command that corrects `path`'s IMEI, with `--slot N` when the result has several.
    public func correct(_ path: String, result: ScreenshotResult) -> String {
        let slot = result.imeis.count > 1 ? " --slot \(result.imeis.first?.slot ?? 1)" : ""
        return "activation batch review \(storeArguments) --correct \(Self.shellWord(path)) --imei IMEI\(slot) --by NAME"
    }

    /// `word` as a shell reads it back: bare when it holds only safe characters, `$'…'` when it
    /// holds characters a terminal would act on (``PrintableName/terminal(_:)``), else in single quotes.
    public static func shellWord(_ word: String) -> String {
        let printable = PrintableName.terminal(word)
        guard printable == word else { return printable }
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-:@%+=,".unicodeScalars)
        if !word.isEmpty, word.unicodeScalars.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
