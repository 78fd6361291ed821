@testable import ActivationPipeline
import DeviceInfo
import Foundation
import Testing

@Suite struct RiskSignalsPayloadTests {
    func check(_ json: String) -> RiskSignalsPayload.Check {
        RiskSignalsPayload(data: Data(json.utf8)).check(today: RiskFixtures.today)
    }

    func codes(_ json: String) -> [String] {
        check(json).problems.map { "\($0.field) \($0.code)" }
    }

    @Test func acceptsAFullBelvoPayload() {
        let result = check("""
            {"device_id": "a1b2c3", "isRootedDevice": false, "screenBrightness": 128,
             "elapsedTimeSinceBoot": 3600250, "osVersion": "17", "userTimeZoneOffset": "-03",
             "language": "pt", "screenDimensions": {"height": 2556, "width": 1179},
             "accountTenure": "2023-05-01",
             "geolocation": {"latitude": -23.55, "longitude": -46.63, "type": "FINE"},
             "isCallInProgress": false, "isDevModeEnabled": true, "isMockGPS": false,
             "isEmulated": false, "isMonkeyRunner": false, "isCharging": true,
             "antennaInformation": "5G", "isUsbConnected": false, "somethingNew": [1, 2]}
            """)
        #expect(result.problems == [])
        #expect(result.isValid)
        #expect(result.deviceId == "a1b2c3")
        #expect(result.isDevModeEnabled == true)
        #expect(result.isRootedDevice == false)
    }

    @Test func acceptsWhatActivationDevicePrints() throws {
        let signals = DeviceSignals(deviceId: "f00d", osVersion: "12", elapsedTimeSinceBoot: 5, userTimeZoneOffset: "+05:30", language: nil, isRootedDevice: true, accountTenure: "2024-02-29")
        let result = RiskSignalsPayload(data: try JSONEncoder().encode(signals)).check(today: RiskFixtures.today)
        #expect(result.problems == [])
        #expect(result.deviceId == "f00d")
        #expect(result.isRootedDevice == true)
    }

    @Test func requiresDeviceID() {
        #expect(codes("{}") == ["device_id MISSING"])
        #expect(codes(#"{"device_id": null}"#) == ["device_id MISSING"])
        #expect(codes(#"{"device_id": "  "}"#) == ["device_id INVALID_FORMAT"])
        #expect(codes(#"{"device_id": 42}"#) == ["device_id WRONG_TYPE"])
    }

    @Test func refusesWrongTypes() {
        #expect(codes(#"{"device_id": "x", "isRootedDevice": 1}"#) == ["isRootedDevice WRONG_TYPE"])
        #expect(codes(#"{"device_id": "x", "isEmulated": "false"}"#) == ["isEmulated WRONG_TYPE"])
        #expect(codes(#"{"device_id": "x", "elapsedTimeSinceBoot": 12.5}"#) == ["elapsedTimeSinceBoot WRONG_TYPE"])
        #expect(codes(#"{"device_id": "x", "screenBrightness": true}"#) == ["screenBrightness WRONG_TYPE"])
        #expect(codes(#"{"device_id": "x", "accountTenure": 20230501}"#) == ["accountTenure WRONG_TYPE"])
        #expect(codes(#"{"device_id": "x", "screenDimensions": [1, 2]}"#) == ["screenDimensions WRONG_TYPE"])
    }

    @Test func refusesOutOfRangeValues() {
        #expect(codes(#"{"device_id": "x", "screenBrightness": 256}"#) == ["screenBrightness OUT_OF_RANGE"])
        #expect(codes(#"{"device_id": "x", "elapsedTimeSinceBoot": -1}"#) == ["elapsedTimeSinceBoot OUT_OF_RANGE"])
        #expect(codes(#"{"device_id": "x", "screenDimensions": {"height": 0, "width": 1179}}"#) == ["screenDimensions.height OUT_OF_RANGE"])
        #expect(codes(#"{"device_id": "x", "geolocation": {"latitude": 91, "longitude": -181, "type": "GPS"}}"#)
            == ["geolocation.latitude OUT_OF_RANGE", "geolocation.longitude OUT_OF_RANGE", "geolocation.type INVALID_FORMAT"])
    }

    @Test(arguments: ["-03", "+00", "+05:30", "+05:45", "+14", "-12", "-09:30"])
    func acceptsTimeZoneOffsets(_ offset: String) {
        #expect(codes(#"{"device_id": "x", "userTimeZoneOffset": "\#(offset)"}"#) == [])
    }

    @Test(arguments: ["03", "-3", "+15", "-13", "+05:20", "+0530", "UTC", ""])
    func refusesBadTimeZoneOffsets(_ offset: String) {
        #expect(codes(#"{"device_id": "x", "userTimeZoneOffset": "\#(offset)"}"#) == ["userTimeZoneOffset INVALID_FORMAT"])
    }

    @Test func checksLanguageAndTenure() {
        #expect(codes(#"{"device_id": "x", "language": "por"}"#) == ["language INVALID_FORMAT"])
        #expect(codes(#"{"device_id": "x", "accountTenure": "2025-06-02"}"#) == ["accountTenure FUTURE_DATE"])
        #expect(codes(#"{"device_id": "x", "accountTenure": "2023-02-29"}"#) == ["accountTenure INVALID_DATE"])
        #expect(codes(#"{"device_id": "x", "accountTenure": "01/05/2023"}"#) == ["accountTenure INVALID_FORMAT"])
    }

    @Test func refusesNonObjects() {
        #expect(codes("not json") == ["$ NOT_JSON"])
        #expect(codes("[]") == ["$ WRONG_TYPE"])
        #expect(codes("\"device\"") == ["$ WRONG_TYPE"])
    }
}
