import ActivationPipeline
import DeviceInfo
import Foundation
import Testing

@Suite struct AccountTenureTests {
    let today = CalendarDate(year: 2025, month: 3, day: 15)!

    @Test(arguments: ["2025-03-15", "2024-02-29", "2000-02-29", "1999-12-31"])
    func acceptsRealPastDates(_ text: String) throws {
        #expect(try AccountTenure.validate(text, today: today).description == text)
    }

    @Test(arguments: [
        ("2023-02-29", "INVALID_DATE"),
        ("1900-02-29", "INVALID_DATE"),
        ("2023-13-01", "INVALID_DATE"),
        ("2023-04-31", "INVALID_DATE"),
        ("0000-01-01", "INVALID_DATE"),
        ("2023-2-01", "INVALID_FORMAT"),
        ("2023/02/01", "INVALID_FORMAT"),
        ("2023-02-01T00:00:00Z", "INVALID_FORMAT"),
        ("２０２３-０２-０１", "INVALID_FORMAT"),
        ("", "INVALID_FORMAT"),
        ("2025-03-16", "FUTURE_DATE"),
        ("2026-01-01", "FUTURE_DATE"),
    ])
    func refusesWithAStableCode(_ text: String, _ code: String) {
        #expect(throws: AccountTenureError.self) { try AccountTenure.validate(text, today: today) }
        do {
            _ = try AccountTenure.validate(text, today: today)
        } catch {
            #expect(error.code.rawValue == code)
        }
    }

    @Test func todayIsTheLaterOfUTCAndLocal() throws {
        // 2025-03-15T23:30:00Z: still the 15th in UTC, already the 16th in Kolkata (+05:30),
        // and still the 15th in São Paulo (-03).
        let instant = Date(timeIntervalSince1970: 1_742_081_400)
        let kolkata = try #require(TimeZone(secondsFromGMT: 19_800))
        let saoPaulo = try #require(TimeZone(secondsFromGMT: -10_800))
        let east = HostEnvironment(root: "/", environment: [:], effectiveUserID: 1000, now: instant, timeZone: kolkata)
        let west = HostEnvironment(root: "/", environment: [:], effectiveUserID: 1000, now: instant, timeZone: saoPaulo)
        #expect(east.today.description == "2025-03-16")
        #expect(west.today.description == "2025-03-15")
    }

    @Test func calendarDateCodesAsAString() throws {
        let data = try JSONEncoder().encode([today])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2025-03-15\"]")
        #expect(try JSONDecoder().decode([CalendarDate].self, from: data) == [today])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarDate].self, from: Data("[\"2025-02-30\"]".utf8)) }
    }
}
