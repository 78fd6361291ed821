import Foundation

/// A temporary folder holding copies of some of the repository's `samples/`, for tests that run
/// the `activation` binary on real images.
struct CommandWorkspace {
    /// The repository's `samples/`.
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples").path

    let directory: String

    /// Copies `samples` (paths relative to `samples/`) into `inputs/` under a new folder; a
    /// pair (name, as) copies under another name.
    init(copying files: [(String, String)]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cmd-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/inputs", withIntermediateDirectories: true)
        for (name, target) in files {
            try FileManager.default.copyItem(atPath: Self.samples + "/" + name, toPath: directory + "/inputs/" + target)
        }
    }

    var inputs: String { directory + "/inputs" }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
