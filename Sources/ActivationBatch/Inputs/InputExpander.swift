import ActivationPipeline
import Foundation

/// Turns `INPUT...` arguments into files. I/O: stats paths, walks directories, reads lists;
/// blocks the calling thread while it does.
///
/// An argument is a directory (walked recursively: image files only, judged by extension, or by
/// content for a file without one (uploads stored by hash); hidden entries and symlinked
/// directories skipped), `@list.txt` (one path per line; blank lines ignored), `-` (the same,
/// from standard input) or a file. A file given by name is kept whatever its extension, and
/// kept even if it does not exist: it then gets its own 4004 row, and an argument (not a list
/// entry) that does not exist is also listed in ``InputExpansion/missingArguments``, which the
/// commands refuse as a usage error before storing anything. Relative paths
/// are made absolute against `currentDirectory`; symlinks are not resolved, so two links to
/// one file are two inputs (their content hash makes one a duplicate of the other).
public struct InputExpander {
    /// Extensions taken from directories, lowercase.
    public static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "webp", "heic", "heif", "avif", "gif", "bmp", "tif", "tiff",
    ]

    public var currentDirectory: String
    /// Reads all of standard input, or nil if it cannot.
    public var readStandardInput: () -> String?

    public init(currentDirectory: String, readStandardInput: @escaping () -> String?) {
        self.currentDirectory = currentDirectory
        self.readStandardInput = readStandardInput
    }

    /// Expands every argument.
    public func expand(_ arguments: [String]) -> InputExpansion {
        var state = State()
        for argument in arguments {
            if argument == "-" {
                guard let text = readStandardInput() else {
                    state.expansion.problems.append("cannot read the list of paths on standard input")
                    continue
                }
                expandList(text, into: &state)
            } else if argument.hasPrefix("@"), argument.count > 1 {
                let listPath = absolute(String(argument.dropFirst()))
                guard let data = FileManager.default.contents(atPath: listPath) else {
                    state.expansion.problems.append("cannot read the list of paths \(PrintableName.terminal(listPath))")
                    continue
                }
                expandList(FileSystemName.string(data), into: &state)
            } else {
                if FileStatus.of(absolute(argument)) == nil { state.expansion.missingArguments.append(argument) }
                expandPath(argument, into: &state)
            }
        }
        return state.expansion
    }

    private struct State {
        var expansion = InputExpansion()
        var seen: Set<String> = []

        mutating func add(_ path: String, status: FileStatus?) {
            guard seen.insert(path).inserted else { return }
            expansion.files.append(JobInput(path: path, size: status?.size, mtimeMs: status?.mtimeMs))
        }
    }

    private func expandList(_ text: String, into state: inout State) {
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let path = line.trimmingCharacters(in: .whitespaces)
            if !path.isEmpty { expandPath(path, into: &state) }
        }
    }

    private func expandPath(_ argument: String, into state: inout State) {
        let path = absolute(argument)
        let status = FileStatus.of(path)
        if status?.kind == .directory {
            walk(path, into: &state)
        } else {
            state.add(path, status: status)
        }
    }

    private func walk(_ directory: String, into state: inout State) {
        guard let names = Self.entries(of: directory)?.sorted() else {
            state.expansion.problems.append("cannot read directory \(PrintableName.terminal(directory))")
            return
        }
        for name in names where !name.hasPrefix(".") {
            let path = directory == "/" ? "/" + name : directory + "/" + name
            let pathExtension = (name as NSString).pathExtension.lowercased()
            let status = FileStatus.of(path)
            if status?.kind == .directory {
                if !FileStatus.isSymlink(path) { walk(path, into: &state) }
            } else if Self.imageExtensions.contains(pathExtension)
                || (pathExtension.isEmpty && status?.kind == .regular && Self.looksLikeImage(path))
            {
                state.add(path, status: status)  // a dangling link too: its row will say 4004
            } else {
                state.expansion.skippedNonImages += 1
            }
        }
    }

    /// Whether the file at `path` starts with an image format's signature (``ImageFormat/sniff(_:)``;
    /// a PDF is not an image here). Reads its first 16 bytes; blocks briefly.
    static func looksLikeImage(_ path: String) -> Bool {
        let fd = FileSystemName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 16)
        let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        let format = ImageFormat.sniff(head.prefix(count))
        return format != .unknown && format != .pdf
    }

    /// `path` made absolute against the current directory, with `.` and `..` resolved
    /// lexically (symlinks left alone).
    public func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The names in `directory` (but `.` and `..`), read with `readdir` as bytes, so that a
    /// name that is not UTF-8 is kept whole (``FileSystemName``); nil when it cannot be opened.
    static func entries(of directory: String) -> [String]? {
        guard let stream = FileSystemName.withCString(directory, { opendir($0) }) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileSystemName.string(raw.prefix { $0 != 0 })
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
