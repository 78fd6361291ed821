import ActivationPipeline
import Foundation
import Testing

/// A person's decision: checked before it is kept.
@Suite struct ReviewDecisionTests {
    static let two = ScreenshotResult(
        file: "/up/a.png",
        imeis: [
            IMEIReading(value: "352099001761481", label: "IMEI1", slot: 1, softwareVersion: nil, confidence: 0.8, box: [], corrected: false),
            IMEIReading(value: "490154203237518", label: "IMEI2", slot: 2, softwareVersion: nil, confidence: 0.99, box: [], corrected: false),
        ],
        meid: nil, error: nil)

    @Test func aCorrectionMustPassLuhn() throws {
        #expect(throws: ReviewError.self) { try ReviewDecision.correct("352099001761482", slot: 1, of: Self.two, by: "ana", atMs: 0, sha256: "ab") }
        #expect(throws: ReviewError.self) { try ReviewDecision.correct("35209900176148", slot: 1, of: Self.two, by: "ana", atMs: 0, sha256: "ab") }
        let decision = try ReviewDecision.correct("35 209900 176148 1", slot: 1, of: Self.two, by: " ana ", atMs: 0, sha256: "ab")
        #expect(decision.imei == "352099001761481" && decision.slot == 1 && decision.by == "ana" && decision.action == .correct)
        do {
            _ = try ReviewDecision.correct("352099001761482", slot: 1, of: Self.two, by: "ana", atMs: 0, sha256: "ab")
        } catch {
            #expect(error.code == .invalidIMEI && !error.message.contains("352099001761482"), "the message masks the value")
        }
    }

    @Test func twoIMEIsNeedASlotAndAPersonMustBeNamed() throws {
        #expect(throws: ReviewError(.slotRequired, "the result has 2 IMEIs: give --slot 1 or 2")) {
            try ReviewDecision.correct("352099001761481", slot: nil, of: Self.two, by: "ana", atMs: 0, sha256: nil)
        }
        #expect(throws: ReviewError.self) { try ReviewDecision.correct("352099001761481", slot: 3, of: Self.two, by: "ana", atMs: 0, sha256: nil) }
        #expect(throws: ReviewError.self) { try ReviewDecision.confirm(by: "  ", atMs: 0, sha256: nil) }
        let one = ScreenshotResult(file: "/b.png", imeis: [Self.two.imeis[1]], meid: nil, error: nil)
        #expect(try ReviewDecision.correct("352099001761481", slot: nil, of: one, by: "ana", atMs: 0, sha256: nil).slot == 2)
    }

    @Test func decisionsEncodeWhoAndWhenAndStatusSettlesTheIMEIs() throws {
        let decision = try ReviewDecision.correct("352099001761481", slot: 2, of: Self.two, by: "ana", atMs: 1_764_093_845_123, sha256: "ab")
        #expect(decision.at == "2025-11-25T18:04:05.123Z")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(decision), as: UTF8.self)
        #expect(text == #"{"action":"correct","at":"2025-11-25T18:04:05.123Z","atMs":1764093845123,"by":"ana","imei":"352099001761481","sha256":"ab","slot":2}"#)
        #expect(try JSONDecoder().decode(ReviewDecision.self, from: Data(text.utf8)) == decision)
        let status = ReviewStatus(reasons: [ReviewReason(.lowConfidence, "x")], decisions: [decision])
        #expect(!status.needed)
        #expect(status.settledIMEIs(of: Self.two) == ["352099001761481", "352099001761481"])
        #expect(ReviewStatus(reasons: [ReviewReason(.lowConfidence, "x")], decisions: []).needed)
        #expect(!ReviewStatus(reasons: [], decisions: []).needed)
    }
}

/// Times as decisions and reports write them.
@Suite struct UTCTimestampTests {
    @Test func millisecondsAreExact() {
        #expect(UTCTimestamp.iso(milliseconds: 1_764_093_845_123) == "2025-11-25T18:04:05.123Z")
        #expect(UTCTimestamp.iso(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(UTCTimestamp.iso(milliseconds: 2_007) == "1970-01-01T00:00:02.007Z")
    }
}
