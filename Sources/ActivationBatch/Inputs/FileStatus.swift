import ActivationPipeline
import Foundation

/// What `stat(2)` says about a path: its kind, size and modification time. Thin I/O; blocks briefly.
struct FileStatus: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case regular, directory, other }

    var kind: Kind
    var size: Int
    var mtimeMs: Int

    /// The status of `path`, following symlinks when `follow` is true; nil if it cannot be stat'ed.
    static func of(_ path: String, follow: Bool = true) -> FileStatus? {
        var info = stat()
        let status = FileSystemName.withCString(path) { follow ? stat($0, &info) : lstat($0, &info) }
        guard status == 0 else { return nil }
        let kind: Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        default: kind = .other
        }
        #if canImport(Darwin)
        let mtime = info.st_mtimespec
        #else
        let mtime = info.st_mtim
        #endif
        return FileStatus(kind: kind, size: Int(info.st_size), mtimeMs: Int(mtime.tv_sec) * 1000 + Int(mtime.tv_nsec) / 1_000_000)
    }

    /// Whether `path` itself (not what it points to) is a symbolic link.
    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return FileSystemName.withCString(path) { lstat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
