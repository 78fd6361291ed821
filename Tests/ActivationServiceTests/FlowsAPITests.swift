import ActivationFlows
import ActivationPipeline
import ActivationReader
@testable import ActivationService
import ActivationStorage
import Foundation
import Hummingbird
import HummingbirdTesting
import KYCCheck
import Logging
import TestSupport
import Testing

/// `/v1/activations` and `/v1/enrollments`, scripted through the API with the real engines
/// (Tesseract, the KYC validator) on a real SQLite file in a temporary folder, with a real
/// screenshot from `samples/`. The restart scenario runs over every ``StoreBackend``: PostgreSQL
/// too when `ACTIVATION_TEST_POSTGRES_URL` is set (see `scripts/with-postgres.sh`).
@Suite("Flows API: /v1/activations and /v1/enrollments")
struct FlowsAPITests {
    typealias F = FlowsAPIFixtures

    @Test("a whole activation from token to COMPLETED over loopback, the IMEI read off a real screenshot")
    func wholeActivation() async throws {
        let screenshot = try F.sample(F.screenshotName)
        let truth = try F.truth(for: F.screenshotName)
        try #require(truth.count == 1, "the sample shows exactly one IMEI")
        try await F.withDatabase { location in
            try await F.withClient(location, .live) { client in
                let created = try await client.postJSON("/v1/activations", #"{"token": "sdk-token-1"}"#)
                #expect(created.status == .created)
                let view = try #require(created.json)
                let id = try #require(view["id"] as? String)
                #expect(view["stage"] as? String == "INITIALIZEDSDK" && view["state"] as? String == "initialized")
                #expect(view["nextAction"] as? String == "CALL STARTACTIVATION METHOD OF OAACTIVATION OBJECT")
                #expect(view["nextSteps"] as? [String] == ["start"] && view["version"] as? Int == 1)
                #expect(created.headers[.location] == "/v1/activations/\(id)" && created.headers[.eTag] == #""1""#)
                #expect(!created.text.contains("sdk-token-1"), "the token is checked, never stored or echoed")

                try await F.step(client, id, F.start, stage: "FETCHDEVICEID")
                let read = try await F.fetchDeviceId(client, id, screenshot)
                #expect(read.status == .ok, "\(read.text)")
                let device = try #require(read.json)
                #expect(device["stage"] as? String == "PROVIDEUSERBASICDETAIL")
                #expect(device["imei"] as? String == truth[0] && device["imeis"] as? [String] == truth)
                let risk = try #require(device["risk"] as? [String: Any])
                #expect(risk["decision"] as? String == "allow", "\(risk)")
                #expect(F.riskCodes(device).isEmpty)

                try await F.step(client, id, F.basicDetails, stage: "SENDUPLOADLINK")
                let link = try await F.step(client, id, F.uploadLink, stage: "SENDUPLOADLINK")
                let effect = try #require(link["effect"] as? [String: Any])
                #expect(effect["kind"] as? String == "sendUploadLinkSMS" && effect["mobile"] as? String == "9123456789")
                #expect(link["nextSteps"] as? [String] == ["smsSent", "smsFailed"])
                try await F.step(client, id, #"{"step": "smsSent"}"#, stage: "SENDUPLOADLINKOROPENSECURESCREEN")
                let open = try await F.step(client, id, #"{"step": "openSecureScreen"}"#, stage: "SENDUPLOADLINKOROPENSECURESCREEN")
                #expect((open["effect"] as? [String: Any])?["kind"] as? String == "showSecureScreen")
                try await F.step(client, id, #"{"step": "secureScreenDismissed"}"#, stage: "SECURESCREENDISMISSED")
                let done = try await client.postJSON("/v1/activations/\(id)/steps", #"{"step": "complete"}"#, headers: [.ifMatch: #""8""#])
                #expect(done.status == .ok, "\(done.text)")
                let completed = try #require(done.json)
                #expect(completed["stage"] as? String == "COMPLETED" && completed["nextAction"] as? String == "NA")
                #expect(completed["nextSteps"] as? [String] == [] && completed["version"] as? Int == 9)
                #expect(completed["success"] as? Bool == true && completed["error"] is NSNull)

                let fetched = try await client.execute(uri: "/v1/activations/\(id)", method: .get)
                #expect(fetched.status == .ok && fetched.text == done.text && fetched.headers[.eTag] == #""9""#)
            }
        }
    }

    @Test("each illegal activation step is refused with its SDK code, and nothing is stored")
    func illegalActivationSteps() async throws {
        try await F.withDatabase { location in
            try await F.withClient(location) { client in
                let empty = try await client.postJSON("/v1/activations", #"{"token": ""}"#)
                #expect(empty.status == .unprocessableContent)
                let refusal = try #require(empty.json?["error"] as? [String: Any])
                #expect(refusal["code"] as? String == "FLOW_CREATE_REFUSED")
                let sdk = try #require(refusal["refused"] as? [String: Any])
                #expect(sdk["code"] as? Int == 1001 && sdk["name"] as? String == "ERROR_EMPTY_TOKEN")
                #expect(try await client.postJSON("/v1/activations", "{}").json.map(F.refusedCode) == "1001")

                let id = try await F.create(client)
                let early = try await F.refused(client, id, F.uploadLink, code: 4006, version: 1)
                #expect((early["error"] as? [String: Any])?["detail"] as? String == "ILLEGAL_TRANSITION: sendUploadLink in initialized")
                #expect(early["state"] as? String == "initialized" && early["success"] as? Bool == false)

                // The screenshot is not even read before the state takes it.
                let unread = try await F.fetchDeviceId(client, id, try F.sample(F.screenshotName))
                #expect(unread.status == .unprocessableContent && unread.json.map(F.errorCode) == 4006)
                let results = try await client.execute(uri: "/metrics", method: .get).text.split(separator: "\n")
                    .filter { $0.hasPrefix("activation_imei_results_total{") }
                #expect(!results.isEmpty && results.allSatisfy { $0.hasSuffix(" 0") }, "no reading counted: \(results)")

                // A client never chooses its own IMEI: fetchDeviceId as JSON is refused as such.
                let forged = try await client.postJSON(
                    "/v1/activations/\(id)/steps",
                    #"{"step": "fetchDeviceId", "deviceId": {"screenshot": {"file": "x", "imeis": [], "meid": null, "error": null}, "screenshotSHA256": "00"}}"#)
                #expect(forged.status == .unsupportedMediaType && F.serviceCode(forged) == "UNSUPPORTED_MEDIA_TYPE")
                let bare = try await client.postJSON("/v1/activations/\(id)/steps", #"{"step": "fetchDeviceId"}"#)
                #expect(bare.status == .unsupportedMediaType)

                try await F.refused(client, id, F.starting(status: "REJECTED"), code: 2005, version: 1)
                try await F.refused(client, id, F.starting(status: "POSTDTLPENDING", mobile: "12345"), code: 3001, version: 1)
                try await F.step(client, id, F.start, stage: "FETCHDEVICEID")

                let noIMEI = try await F.fetchDeviceId(client, id, try Fixtures.bytes(Fixtures.chatScreen))
                #expect(noIMEI.status == .unprocessableContent && noIMEI.json.map(F.errorCode) == 4001)
                #expect(noIMEI.json?["state"] as? String == "awaitingDeviceId" && noIMEI.json?["imei"] is NSNull)
                try await F.refused(client, id, #"{"step": "complete"}"#, code: 4006, version: 2)

                let stale = try await client.postJSON("/v1/activations/\(id)/steps", F.basicDetails, headers: [.ifMatch: #""1""#])
                #expect(stale.status == .conflict && F.serviceCode(stale) == "FLOW_CONFLICT")
                let unknown = try await client.postJSON("/v1/activations/\(UUID().uuidString)/steps", #"{"step": "smsSent"}"#)
                #expect(unknown.status == .notFound && F.serviceCode(unknown) == "FLOW_NOT_FOUND")
                #expect(try await client.execute(uri: "/v1/activations/nope", method: .get).status == .notFound)
                let bogus = try await client.postJSON("/v1/activations/\(id)/steps", #"{"step": "jump"}"#)
                #expect(bogus.status == .badRequest && F.serviceCode(bogus) == "FIELD_INVALID")
                let noBody = try await client.execute(uri: "/v1/activations/\(id)/steps", method: .post, headers: [.contentType: "application/json"])
                #expect(noBody.status == .badRequest && F.serviceCode(noBody) == "BODY_EMPTY")
                let text = try await client.execute(
                    uri: "/v1/activations/\(id)/steps", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "hi"))
                #expect(text.status == .unsupportedMediaType)

                // A membership whose details are in skips the device ID; the SMS gates the rest.
                let other = try await F.create(client)
                try await F.step(client, other, F.starting(status: "POSTDTLCOMPLETE"), stage: "SENDUPLOADLINK")
                try await F.refused(client, other, #"{"step": "complete"}"#, code: 1008, version: 2)
                try await F.refused(client, other, #"{"step": "openSecureScreen"}"#, code: 1008, version: 2)
                try await F.refused(client, other, F.uploadLink(to: F.membershipMobile), code: 1003, version: 2)
                try await F.step(client, other, F.uploadLink, stage: "SENDUPLOADLINK")
                let failed = try await client.postJSON("/v1/activations/\(other)/steps", #"{"step": "smsFailed", "detail": "gateway down"}"#)
                #expect(failed.status == .ok, "a failed SMS is applied: the flow goes back to SENDUPLOADLINK")
                #expect(failed.json?["success"] as? Bool == false && failed.json.map(F.errorCode) == 3004)

                let view = try #require(try await client.execute(uri: "/v1/activations/\(id)", method: .get).json)
                #expect(view["version"] as? Int == 2 && view["state"] as? String == "awaitingDeviceId", "no refusal was stored")
            }
        }
    }

    @Test("a restart mid-flow loses nothing", arguments: StoreBackend.available)
    func restart(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in try await F.restartMidFlow(location) }
    }

    @Test("a second activation of the same device is applied but flagged for review with IMEI_ALREADY_ACTIVATED")
    func duplicateIMEI() async throws {
        let screenshot = try F.sample(F.screenshotName)
        try await F.withDatabase { location in
            try await F.withClient(location) { client in
                let first = try await F.create(client)
                try await F.step(client, first, F.start, stage: "FETCHDEVICEID")
                let original = try #require(try await F.fetchDeviceId(client, first, screenshot).json)
                #expect(F.riskDecision(original) == "allow")

                let second = try await F.create(client)
                try await F.step(client, second, F.start, stage: "FETCHDEVICEID")
                let again = try await F.fetchDeviceId(client, second, screenshot)
                #expect(again.status == .ok, "the risk travels with the flow; it does not refuse the step")
                let view = try #require(again.json)
                #expect(view["imei"] as? String == original["imei"] as? String)
                #expect(F.riskDecision(view) == "review")
                #expect(F.riskCodes(view).contains("IMEI_ALREADY_ACTIVATED") && F.riskCodes(view).contains("DUPLICATE_SCREENSHOT"))
                let stored = try #require(try await client.execute(uri: "/v1/activations/\(second)", method: .get).json)
                #expect(F.riskCodes(stored) == F.riskCodes(view), "the flag is stored with the activation")
                #expect(F.riskDecision(try #require(try await client.execute(uri: "/v1/activations/\(first)", method: .get).json)) == "allow")
            }
        }
    }

    @Test("a Finaptic application: failing images refused with KYC_PREVALIDATION_FAILED, passing ones walk to Application Processed")
    func finapticEnrollment() async throws {
        let card = try F.documentCard()
        let back = try F.sample("kyc/back.jpg")
        let tooSmall = try F.sample("kyc/bad-front-too-small.jpg")
        let selfie = try F.kycFixture("astronaut.jpg")
        let coffee = try F.kycFixture("coffee.jpg")
        try await F.withDatabase { location in
            try await F.withClient(location) { client in
                let negative = try await client.postJSON("/v1/enrollments", #"{"kind": "finaptic", "allowedRetries": -1}"#)
                #expect(negative.status == .unprocessableContent && negative.json.map(F.refusedCode) == "INVALID_RETRY_COUNT")
                let created = try await client.postJSON("/v1/enrollments", #"{"kind": "finaptic", "allowedRetries": 1}"#)
                #expect(created.status == .created)
                let id = try #require(created.json?["id"] as? String)
                #expect(created.json?["status"] as? String == "New Application")

                let forged = try await client.postJSON(
                    "/v1/enrollments/\(id)/steps", #"{"step": "validateDocuments", "preValidation": "pass", "outcome": "passed"}"#)
                #expect(forged.status == .unsupportedMediaType && F.serviceCode(forged) == "UNSUPPORTED_MEDIA_TYPE")

                let webp = try await F.kycStep(
                    client, id, F.documents(front: try F.kycFixture("document.webp"), back: tooSmall, frontName: "front.webp"))
                #expect(webp.status == .unprocessableContent)
                let webpError = try #require(webp.json?["error"] as? [String: Any])
                #expect(webpError["code"] as? String == "KYC_PREVALIDATION_FAILED")
                #expect((webpError["detail"] as? String)?.contains("UNSUPPORTED_FORMAT") == true, "\(webpError)")
                #expect((webpError["detail"] as? String)?.contains("IMAGE_TOO_SMALL") == true, "\(webpError)")
                let noFace = try await F.kycStep(client, id, MultipartBody().text("step", "validateSelfie").text("outcome", "passed").file("selfie", filename: "me.jpg", coffee))
                #expect(noFace.status == .unprocessableContent && noFace.json.map(F.enrollmentCode) == "KYC_PREVALIDATION_FAILED")
                let early = try await client.postJSON("/v1/enrollments/\(id)/steps", #"{"step": "validateApplication", "outcome": "passed"}"#)
                #expect(early.status == .unprocessableContent && early.json.map(F.enrollmentCode) == "ILLEGAL_TRANSITION")
                let foreign = try await client.postJSON("/v1/enrollments/\(id)/steps", #"{"step": "redirectionCompleted"}"#)
                #expect(foreign.json.map(F.enrollmentCode) == "ILLEGAL_TRANSITION")
                let missing = try await F.kycStep(client, id, MultipartBody().text("step", "validateSelfie").file("selfie", filename: "me.jpg", selfie))
                #expect(missing.status == .badRequest && F.serviceCode(missing) == "FIELD_MISSING")
                #expect(try await client.execute(uri: "/v1/enrollments/\(id)", method: .get).json?["version"] as? Int == 1)

                let documents = try await F.kycStep(client, id, F.documents(front: card, back: back))
                #expect(documents.status == .ok, "\(documents.text)")
                #expect(documents.json?["status"] as? String == "KYC In Progress" && documents.json?["documentsValidated"] as? Bool == true)
                let face = try await F.kycStep(
                    client, id, MultipartBody().text("step", "validateSelfie").text("outcome", "passed").file("selfie", filename: "me.jpg", selfie))
                #expect(face.status == .ok && face.json?["selfieValidated"] as? Bool == true, "\(face.text)")
                #expect(face.json?["nextAction"] as? String == "Call validateApplication.")
                try await F.enrollmentStep(client, id, #"{"step": "validateApplication", "outcome": "passed"}"#, status: "KYC Success")
                try await F.enrollmentStep(client, id, #"{"step": "accept"}"#, status: "Application Accepted")
                let done = try await F.enrollmentStep(client, id, #"{"step": "finalize"}"#, status: "Application Processed")
                #expect(done["final"] as? Bool == true && done["nextSteps"] as? [String] == [] && done["version"] as? Int == 6)
            }
        }
    }

    @Test("a Belvo enrollment: an invalid CPF is refused with INVALID_CPF, a valid one walks to SUCCEEDED")
    func belvoEnrollment() async throws {
        try await F.withDatabase { location in
            try await F.withClient(location) { client in
                let bad = try await client.postJSON("/v1/enrollments", F.belvo(cpf: "390.533.447-06"))
                #expect(bad.status == .unprocessableContent && F.serviceCode(bad) == "FLOW_CREATE_REFUSED")
                #expect(bad.json.map(F.refusedCode) == "INVALID_CPF")
                #expect(!bad.text.contains("390.533.447") && !bad.text.contains("39053344706"), "the CPF is never echoed")

                let created = try await client.postJSON("/v1/enrollments", F.belvo(cpf: "390.533.447-05"))
                #expect(created.status == .created)
                let view = try #require(created.json)
                let id = try #require(view["id"] as? String)
                #expect(view["kind"] as? String == "belvo" && view["state"] as? String == "awaitingRedirection")
                #expect(view["deviceId"] as? String == "dev-1" && !created.text.contains("39053344705"))

                let selfie = try await F.kycStep(
                    client, id, MultipartBody().text("step", "validateSelfie").text("outcome", "passed")
                        .file("selfie", filename: "me.jpg", try F.kycFixture("astronaut.jpg")))
                #expect(selfie.status == .unprocessableContent && selfie.json.map(F.enrollmentCode) == "ILLEGAL_TRANSITION")
                try await F.enrollmentStep(client, id, #"{"step": "redirectionCompleted"}"#, status: "PENDING", state: "awaitingFidoOptions")
                try await F.enrollmentStep(client, id, #"{"step": "fidoOptionsReceived"}"#, status: "PENDING", state: "awaitingConfirmation")
                let done = try await F.enrollmentStep(client, id, #"{"step": "confirmed", "success": true}"#, status: "SUCCEEDED", state: "succeeded")
                #expect(done["final"] as? Bool == true && done["nextAction"] as? String == "NA")
            }
        }
    }

    @Test("If-Match: a version tag, a bare number, or *; anything else is 400")
    func ifMatch() throws {
        #expect(try FlowVersionTag.expectedVersion(nil) == nil)
        #expect(try FlowVersionTag.expectedVersion("*") == nil)
        #expect(try FlowVersionTag.expectedVersion(#""12""#) == 12)
        #expect(try FlowVersionTag.expectedVersion(" 3 ") == 3)
        for bad in [#"W/"3""#, #""3", "4""#, "three", #""""#, "-1"] {
            #expect(throws: ServiceError.self, "\(bad)") { try FlowVersionTag.expectedVersion(bad) }
        }
        #expect(FlowVersionTag.tag(7) == #""7""#)
    }

    @Test("flow errors map to their statuses")
    func statuses() {
        #expect(FlowHTTPError.status(for: .notFound) == .notFound)
        #expect(FlowHTTPError.status(for: .conflict) == .conflict && FlowHTTPError.status(for: .duplicateID) == .conflict)
        #expect(FlowHTTPError.status(for: .createRefused) == .unprocessableContent)
        #expect(FlowHTTPError.status(for: .storeOpen) == .serviceUnavailable && FlowHTTPError.status(for: .storeQuery) == .serviceUnavailable)
        #expect(FlowHTTPError.status(for: .storeCorrupt) == .internalServerError)
    }
}

/// What the flow API tests share: samples, the temporary database, the app, and the steps.
enum FlowsAPIFixtures {
    /// A screenshot from `samples/` with exactly one IMEI, which the reader reads with confidence.
    static let screenshotName = "0098_ios_about_light_png.png"
    static let membershipMobile = "9876543210"
    static let start = starting(status: "POSTDTLPENDING")
    static let basicDetails = #"{"step": "submitBasicDetails", "pincode": "110001", "address": "1 MG Road, New Delhi"}"#
    static let uploadLink = uploadLink(to: "+91 91234 56789")

    static func starting(status: String, mobile: String = membershipMobile) -> String {
        #"{"step": "start", "activationCode": "OA-1234", "membershipStatus": "\#(status)", "membershipMobile": "\#(mobile)"}"#
    }

    static func uploadLink(to mobile: String) -> String {
        #"{"step": "sendUploadLink", "mobile": "\#(mobile)"}"#
    }

    static func belvo(cpf: String) -> String {
        #"{"kind": "belvo", "cpf": "\#(cpf)", "institution": "ofmockbank_br_retail", "accountTenure": "2023-05-01", "callbackURL": "https://myapp.com/callback", "riskSignals": {"device_id": "dev-1", "accountTenure": "2023-05-01"}}"#
    }

    // MARK: Files

    /// The repository's root, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func sample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: repository.appendingPathComponent("samples").appendingPathComponent(name)))
    }

    /// The IMEIs `samples/truth.jsonl` gives for the sample `name`.
    static func truth(for name: String) throws -> [String] {
        let text = try String(contentsOf: repository.appendingPathComponent("samples/truth.jsonl"), encoding: .utf8)
        for line in text.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if object?["file"] as? String == name { return try #require(object?["imeis"] as? [String]) }
        }
        Issue.record("no truth for \(name)")
        return []
    }

    /// A KYC image of the pipeline's tests (`Tests/KYCCheckTests/Fixtures/KYC`).
    static func kycFixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: repository.appendingPathComponent("Tests/KYCCheckTests/Fixtures/KYC").appendingPathComponent(name)))
    }

    /// The test card as a JPEG that passes the document checks: the WebP fixture converted by
    /// the validator's own fixer.
    static func documentCard() throws -> [UInt8] {
        let outcome = try KYCValidator().validate(KYCApplication(front: KYCUpload(bytes: try kycFixture("document.webp"), filename: "card.webp")), fix: true)
        return try #require(outcome.fixed[.front], "the fixer converts the WebP card to JPEG")
    }

    // MARK: Stores and the app

    /// Runs `body` with a SQLite file in a new temporary folder, then removes the folder.
    static func withDatabase(_ body: (StoreLocation) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flows-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(.sqlite(path: folder.appendingPathComponent("flows.sqlite").path))
    }

    /// Opens the store at `location`, runs the live application on it (real engines, one
    /// worker), runs `body` with a client, then stops the application and closes the store:
    /// one life of the service.
    static func withClient<T: Sendable>(
        _ location: StoreLocation, _ setup: TestingSetup = .router,
        _ body: @Sendable (any TestClientProtocol) async throws -> T
    ) async throws -> T {
        try await location.withStore(FlowStores.self, logger: TestApp.logger) { store in
            let app = try await buildApplication(TestApp.configuration(workers: 1, queue: 4), store: store, logger: TestApp.logger)
            return try await app.test(setup) { client in try await body(client) }
        }
    }

    // MARK: Scenarios

    /// Starts an activation and reads its device ID in one life of the service; in the next,
    /// the view is exactly as it was and the flow goes on to COMPLETED.
    static func restartMidFlow(_ location: StoreLocation) async throws {
        let screenshot = try sample(screenshotName)
        let truth = try truth(for: screenshotName)
        let (id, before) = try await withClient(location) { client in
            let id = try await create(client)
            try await step(client, id, start, stage: "FETCHDEVICEID")
            let read = try await fetchDeviceId(client, id, screenshot)
            #expect(read.status == .ok && read.json?["imei"] as? String == truth.first, "\(read.text)")
            return (id, read.text)
        }
        try await withClient(location) { client in
            let after = try await client.execute(uri: "/v1/activations/\(id)", method: .get)
            #expect(after.status == .ok && after.text == before, "the restart lost nothing")
            try await step(client, id, basicDetails, stage: "SENDUPLOADLINK")
            try await step(client, id, uploadLink, stage: "SENDUPLOADLINK")
            try await step(client, id, #"{"step": "smsSent"}"#, stage: "SENDUPLOADLINKOROPENSECURESCREEN")
            let done = try await step(client, id, #"{"step": "complete"}"#, stage: "COMPLETED")
            #expect(done["imei"] as? String == truth.first && done["version"] as? Int == 7)
        }
    }

    // MARK: Steps

    /// Creates an activation; its ID.
    static func create(_ client: some TestClientProtocol) async throws -> String {
        let response = try await client.postJSON("/v1/activations", #"{"token": "sdk-token"}"#)
        #expect(response.status == .created)
        return try #require(response.json?["id"] as? String)
    }

    /// Sends a JSON activation step that must be applied and reach `stage`; the view.
    @discardableResult
    static func step(
        _ client: some TestClientProtocol, _ id: String, _ json: String, stage: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        let response = try await client.postJSON("/v1/activations/\(id)/steps", json)
        #expect(response.status == .ok, "\(json): \(response.text)", sourceLocation: sourceLocation)
        let view = try #require(response.json, sourceLocation: sourceLocation)
        #expect(view["stage"] as? String == stage, "\(json)", sourceLocation: sourceLocation)
        #expect(view["refused"] as? Bool == false, sourceLocation: sourceLocation)
        return view
    }

    /// Sends a JSON activation step that must be refused with SDK `code`, the activation left
    /// at `version`; the view.
    @discardableResult
    static func refused(
        _ client: some TestClientProtocol, _ id: String, _ json: String, code: Int, version: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        let response = try await client.postJSON("/v1/activations/\(id)/steps", json)
        #expect(response.status == .unprocessableContent, "\(json): \(response.text)", sourceLocation: sourceLocation)
        let view = try #require(response.json, sourceLocation: sourceLocation)
        #expect(view["refused"] as? Bool == true && errorCode(view) == code, "\(json): \(response.text)", sourceLocation: sourceLocation)
        #expect(view["version"] as? Int == version, sourceLocation: sourceLocation)
        return view
    }

    /// `fetchDeviceId` with `screenshot` as a multipart upload.
    static func fetchDeviceId(_ client: some TestClientProtocol, _ id: String, _ screenshot: [UInt8]) async throws -> TestResponse {
        let form = MultipartBody().text("step", "fetchDeviceId").file("screenshot", filename: "imei.png", type: "image/png", screenshot)
        return try await client.execute(uri: "/v1/activations/\(id)/steps", method: .post, headers: form.headers, body: form.buffer)
    }

    /// A `validateDocuments` form with a passed outcome.
    static func documents(front: [UInt8], back: [UInt8], frontName: String = "front.jpg") -> MultipartBody {
        MultipartBody().text("step", "validateDocuments").text("outcome", "passed")
            .text("documentType", "DOCUMENT_TYPE_PASSPORT").text("documentCountry", "CA")
            .file("front", filename: frontName, front).file("back", filename: "back.jpg", back)
    }

    /// A multipart enrollment step.
    static func kycStep(_ client: some TestClientProtocol, _ id: String, _ form: MultipartBody) async throws -> TestResponse {
        try await client.execute(uri: "/v1/enrollments/\(id)/steps", method: .post, headers: form.headers, body: form.buffer)
    }

    /// Sends a JSON enrollment step that must be applied and reach `status` (and `state`); the view.
    @discardableResult
    static func enrollmentStep(
        _ client: some TestClientProtocol, _ id: String, _ json: String, status: String, state: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        let response = try await client.postJSON("/v1/enrollments/\(id)/steps", json)
        #expect(response.status == .ok, "\(json): \(response.text)", sourceLocation: sourceLocation)
        let view = try #require(response.json, sourceLocation: sourceLocation)
        #expect(view["status"] as? String == status, "\(json)", sourceLocation: sourceLocation)
        if let state { #expect(view["state"] as? String == state, "\(json)", sourceLocation: sourceLocation) }
        return view
    }

    // MARK: Reading responses

    /// The SDK code of a view's `error`.
    static func errorCode(_ view: [String: Any]) -> Int? {
        (view["error"] as? [String: Any])?["code"] as? Int
    }

    /// The machine's code of an enrollment view's `error`.
    static func enrollmentCode(_ view: [String: Any]) -> String? {
        (view["error"] as? [String: Any])?["code"] as? String
    }

    /// The service's or store's code of an error body.
    static func serviceCode(_ response: TestResponse) -> String? {
        (response.json?["error"] as? [String: Any])?["code"] as? String
    }

    /// The machine's code behind a refused creation, as text.
    static func refusedCode(_ body: [String: Any]) -> String? {
        let refused = ((body["error"] as? [String: Any])?["refused"] as? [String: Any])?["code"]
        return (refused as? Int).map(String.init) ?? refused as? String
    }

    static func riskDecision(_ view: [String: Any]) -> String? {
        (view["risk"] as? [String: Any])?["decision"] as? String
    }

    static func riskCodes(_ view: [String: Any]) -> [String] {
        ((view["risk"] as? [String: Any])?["reasons"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }
}

extension TestClientProtocol {
    /// POSTs `json` as `application/json`.
    func postJSON(_ uri: String, _ json: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var fields = headers
        fields[.contentType] = "application/json"
        return try await execute(uri: uri, method: .post, headers: fields, body: ByteBuffer(string: json))
    }
}
