/// A batch command's inputs expanded to files, with what could not be read.
public struct InputExpansion: Sendable, Hashable {
    /// The files, each path once, in the order given (directories in sorted order).
    public var files: [JobInput] = []
    /// Directories and lists that could not be read, for people.
    public var problems: [String] = []
    /// Files inside directories skipped because their extension is not an image's (or, without
    /// an extension, their content is not).
    public var skippedNonImages = 0
    /// Command-line arguments (not list entries) that name nothing: a usage error for the commands.
    public var missingArguments: [String] = []

    public init() {}
}
