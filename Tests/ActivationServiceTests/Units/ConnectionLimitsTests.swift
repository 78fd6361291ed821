import Foundation
import Testing
@testable import ActivationService

@Suite("Read deadlines, the upload ledger and JSON field limits (pure)")
struct ConnectionLimitsTests {
    @Test("the head's deadline runs from the start; the body's restarts with each part; none between requests")
    func readDeadlines() {
        var deadlines = ReadDeadlines(header: .seconds(10), body: .seconds(15))
        #expect(deadlines.connected() == .arm(.seconds(10)))
        #expect(deadlines.expired() == .headerTimeout)
        #expect(deadlines.head() == .arm(.seconds(15)))
        #expect(deadlines.bodyPart() == .arm(.seconds(15)))
        #expect(deadlines.expired() == .bodyTimeout)
        #expect(deadlines.end() == .disarm)
        #expect(deadlines.expired() == .none)
        #expect(deadlines.bodyPart() == .none)
        #expect(deadlines.connected() == .none)
    }

    @Test("the ledger refuses a place or bytes past its bounds and gives them back")
    func ledger() {
        var ledger = UploadBudget.Ledger(maxUploads: 2, maxBytes: 100)
        let opened = [ledger.open(), ledger.open(), ledger.open()]
        #expect(opened == [true, true, false])
        let held = [ledger.hold(60), ledger.hold(41), ledger.hold(40)]
        #expect(held == [true, false, true])
        ledger.close(releasing: 60)
        #expect(ledger.uploads == 1 && ledger.bytes == 40)
        let reopened = ledger.open()
        let negative = ledger.hold(-1)
        #expect(reopened && !negative)
    }

    @Test("a string past its field's maximum is FIELD_INVALID naming the field")
    func fieldLimits() throws {
        let limits = FieldLimits()
        try limits.check(Array(#"{"token": "abc", "address": "1 Main St"}"#.utf8))
        let long = String(repeating: "x", count: 3000)
        #expect(throws: ServiceError.self) { try limits.check(Array(#"{"token": "\#(long)"}"#.utf8)) }
        do {
            try limits.check(Array(#"{"deviceId": {"address": "\#(long)"}}"#.utf8))
            Issue.record("not refused")
        } catch {
            #expect(error.code.name == "FIELD_INVALID" && error.message.contains("'deviceId.address'"))
        }
        do {
            try limits.check(Array(#"{"step": "sendUploadLink", "mobile": "98765432109876543"}"#.utf8))
            Issue.record("not refused")
        } catch {
            #expect(error.message.contains("'mobile'"))
        }
        try limits.check(Array("not json".utf8))
    }

    @Test("a JSON member name given twice is FIELD_INVALID naming it, escapes decoded; unique names pass")
    func repeatedNames() throws {
        let limits = FieldLimits()
        let long = String(repeating: "x", count: 60_000)
        for body in [
            #"{"address": "\#(long)", "address": "short"}"#,
            #"{"deviceId": {"address": "a", "\u0061ddress": "b"}}"#,
            #"{"items": [{"token": "a", "token": "b"}]}"#,
        ] {
            do {
                try limits.check(Array(body.utf8))
                Issue.record("not refused: \(body.prefix(40))")
            } catch {
                #expect(error.code.name == "FIELD_INVALID" && error.message.contains("more than once"), "\(error.message)")
            }
        }
        #expect(JSONMemberNames.firstRepeated(in: Array(#"{"deviceId": {"address": "a", "\u0061ddress": "b"}}"#.utf8)) == ["deviceId", "address"])
        #expect(JSONMemberNames.firstRepeated(in: Array(#"{"a": {"x": 1}, "b": {"x": [1, {"x": true}]}, "c": "\"x\""}"#.utf8)) == nil)
        #expect(JSONMemberNames.firstRepeated(in: Array("not json".utf8)) == nil)
    }

    @Test("form parts obey the same table; a file name is kept safe and bounded")
    func formParts() throws {
        let limits = FieldLimits()
        let part = { (name: String, text: String) in FormPart(name: name, filename: nil, contentType: nil, bytes: Array(text.utf8)) }
        try limits.check([part("address", "1 Main St"), part("unknown", String(repeating: "u", count: 100_000))])
        for (name, size) in [("address", 10 << 20), ("declaredModel", 5 << 20), ("riskSignals", 5000)] {
            #expect(throws: ServiceError.self) { try limits.check([part(name, String(repeating: "a", count: size))]) }
        }
        #expect(limits.safeFileName("shot.png") == "shot.png")
        #expect(limits.safeFileName("../../etc/\u{1B}]0;x\u{07}.png") == ".._.._etc__]0;x_.png")
        let long = limits.safeFileName(String(repeating: "n", count: 5 << 20) + ".jpeg")
        #expect(long?.count == limits.fileName && long?.hasSuffix(".jpeg") == true)
        #expect(limits.safeFileName(nil) == nil)
    }
}
