import Foundation

/// Reads small text files under a ``HostEnvironment``'s root. Blocking file I/O.
struct HostFiles: Sendable {
    /// The largest file read; `/proc/cpuinfo` on many-core hosts stays well below it.
    static let limit = 4 << 20

    let host: HostEnvironment

    /// The text of the file at `path` (absolute, under the root), nil when it is missing,
    /// unreadable or larger than ``limit``. `/proc` files report size 0, so this reads to EOF.
    func text(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: host.resolve(path)) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: Self.limit + 1), data.count <= Self.limit else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The first line of the file at `path`, trimmed; nil when missing, unreadable or empty.
    func firstLine(_ path: String) -> String? {
        guard let text = text(path) else { return nil }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmingCharacters(in: .whitespaces)
        return line?.isEmpty == false ? line : nil
    }

    /// Whether anything exists at `path`.
    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: host.resolve(path))
    }
}
