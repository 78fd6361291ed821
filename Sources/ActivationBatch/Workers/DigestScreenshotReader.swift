public import ActivationPipeline
public import ActivationReader

/// A stand-in reader that decodes nothing: it answers from the file's bytes alone.
///
/// Bytes that do not start with a known image signature give 4005, like an undecodable
/// image. Otherwise every run of 15 ASCII digits in the bytes that passes the Luhn check is
/// an "IMEI" (at most two, in byte order), and none gives 4001. So it is deterministic,
/// instant, and lets tests craft files with known, repeated or missing IMEIs.
/// A value type with no state: any thread may use its own copy.
public struct DigestScreenshotReader: ScreenshotReading, Sendable {
    public init() {}

    public func read(_ screenshot: Screenshot, stop: WorkStop) -> ScreenshotRead {
        let result = stop.isStopped ? .failure(screenshot.name, .deadlineExceeded) : read(bytes: screenshot.bytes, name: screenshot.name)
        return ScreenshotRead(result: result, facts: nil, sha256: screenshot.sha256)
    }

    /// The result for `bytes`, named `name`.
    public func read(bytes: [UInt8], name: String) -> ScreenshotResult {
        guard Self.hasImageSignature(bytes) else {
            return .failure(name, OAError.screenshotLoad.with(detail: "not a known image format"))
        }
        let values = Self.imeis(in: bytes, limit: 2)
        guard !values.isEmpty else {
            return .failure(name, OAError.unableToDoOCR.with(detail: "no IMEI found"))
        }
        let readings = values.enumerated().map { index, value in
            IMEIReading(
                value: value, label: values.count > 1 ? "IMEI\(index + 1)" : "IMEI",
                slot: values.count > 1 ? index + 1 : nil, softwareVersion: nil,
                confidence: 1, box: [0, 0, 0, 0], corrected: false
            )
        }
        return ScreenshotResult(file: name, imeis: readings, meid: nil, error: nil)
    }

    /// Whether `bytes` starts like PNG, JPEG, GIF, BMP, TIFF, WebP or HEIF/AVIF.
    static func hasImageSignature(_ bytes: [UInt8]) -> Bool {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return true }  // PNG
        if starts([0xFF, 0xD8, 0xFF]) { return true }  // JPEG
        if starts(Array("GIF8".utf8)) || starts(Array("BM".utf8)) { return true }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return true }  // TIFF
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return true }
        if starts(Array("ftyp".utf8), at: 4) { return true }  // HEIC, HEIF, AVIF
        return false
    }

    /// Distinct runs of ASCII digits that are valid IMEIs, in byte order, at most `limit`.
    static func imeis(in bytes: [UInt8], limit: Int) -> [String] {
        var found: [String] = []
        var run: [UInt8] = []
        func flush() {
            if found.count < limit {
                let text = String(decoding: run, as: UTF8.self)
                if IMEI.isValid(text), !found.contains(text) { found.append(text) }
            }
            run.removeAll(keepingCapacity: true)
        }
        for byte in bytes {
            if byte >= 0x30 && byte <= 0x39 { run.append(byte) } else { flush() }
        }
        flush()
        return found
    }
}
