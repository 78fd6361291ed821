@testable import ActivationBatch
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import TestSupport

/// A temporary folder of inputs for batch tests: screenshots from the shared corpus when it is
/// there (`../shared/corpus/dev-clean` beside the checkout, or `$ACTIVATION_CORPUS`), small
/// files whose bytes carry IMEI text, exact copies (duplicates), and bad inputs.
struct BatchFixture {
    /// The folder; remove it with ``remove()``.
    let root: String
    /// Every input a walk of `root` finds, plus `missing`.
    let inputs: [String]
    /// A path that does not exist; give it explicitly.
    let missing: String
    /// Files that are exact copies of another input.
    let copies: [String]
    /// Files in `root` a walk must skip (not images, or hidden).
    let skipped: [String]

    /// Builds the folder. `corpusImages` real screenshots (when the corpus exists) and
    /// `synthetic` IMEI-text files, two of which share an IMEI with different bytes.
    static func make(corpusImages: Int = 4, synthetic: Int = 6) throws -> BatchFixture {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)").path
        try fm.createDirectory(atPath: root + "/nested/deeper", withIntermediateDirectories: true)
        var inputs: [String] = []
        var copies: [String] = []

        let corpus = corpusDirectory()
        let real = (corpus.flatMap { try? fm.contentsOfDirectory(atPath: $0) } ?? [])
            .filter { InputExpander.imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().prefix(corpusImages)
        for (index, name) in real.enumerated() {
            let target = root + (index % 2 == 0 ? "/" : "/nested/") + name
            try fm.copyItem(atPath: corpus! + "/" + name, toPath: target)
            inputs.append(target)
        }

        for index in 0..<synthetic {
            // Two files (0 and 1) show the same IMEI with different bytes: a repeated IMEI.
            let imei = imeiValue(index == 1 ? 0 : index)
            let text = "screen \(index)\nIMEI1: \(imei)\n" + (index % 3 == 2 ? "IMEI2: \(imeiValue(100 + index))\n" : "")
            let path = root + (index % 2 == 0 ? "/synthetic-\(index).png" : "/nested/deeper/synthetic-\(index).png")
            try write(pngSignature + Array(text.utf8), to: path)
            inputs.append(path)
        }
        if let first = inputs.first {
            let copy = root + "/nested/deeper/copy-of-first" + "." + (first as NSString).pathExtension
            try fm.copyItem(atPath: first, toPath: copy)
            copies.append(copy)
        }
        let syntheticZero = root + "/synthetic-0.png"
        for n in 1...2 {
            let copy = root + "/nested/copy-\(n)-of-synthetic-0.png"
            try fm.copyItem(atPath: syntheticZero, toPath: copy)
            copies.append(copy)
        }
        inputs += copies

        // Bad inputs: empty, not an image, a truncated PNG with no IMEI text.
        try write([], to: root + "/empty.png")
        try write(Array("this is not an image".utf8), to: root + "/text-named.jpg")
        try write(Array(pngSignature.prefix(5)), to: root + "/truncated.png")
        inputs += [root + "/empty.png", root + "/text-named.jpg", root + "/truncated.png"]

        let skipped = [root + "/notes.txt", root + "/.hidden.png"]
        for path in skipped { try write(Array("skip me".utf8), to: path) }

        let missing = root + "/missing.png"
        return BatchFixture(root: root, inputs: (inputs + [missing]).sorted(), missing: missing, copies: copies, skipped: skipped)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The corpus of real screenshots, if this machine has it.
    static func corpusDirectory() -> String? {
        if let env = ProcessInfo.processInfo.environment["ACTIVATION_CORPUS"] { return env }
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = repo.deletingLastPathComponent().appendingPathComponent("shared/corpus/dev-clean").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// A Luhn-valid 15-digit value for `seed`.
    static func imeiValue(_ seed: Int) -> String {
        let body = "35" + String(format: "%012d", 209_900_176_100 + seed * 7919)
        return body + String(Luhn.checkDigit(for: body) ?? "0")
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func write(_ bytes: [UInt8], to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// The SHA-256 of the file at `path`, or nil if it cannot be read.
    static func sha256(_ path: String) -> String? {
        try? Screenshot.load(path: path, maxBytes: 64 << 20).get().sha256
    }
}
