/// One input to enqueue: an absolute path and what `stat` said about it, if it exists.
public struct JobInput: Sendable, Hashable {
    /// The absolute path; the row's key.
    public var path: String
    /// Size in bytes, or nil when the path could not be stat'ed (it still gets a row and an error).
    public var size: Int?
    /// Modification time in milliseconds since 1970, or nil as for `size`.
    public var mtimeMs: Int?

    public init(path: String, size: Int?, mtimeMs: Int?) {
        self.path = path
        self.size = size
        self.mtimeMs = mtimeMs
    }
}
