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
        let limits = JSONFieldLimits()
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
}
