@testable import ActivationPipeline
import Foundation
import Testing

/// Sample events and canonical paths for the Finaptic application machine.
enum ApplicationFixtures {
    /// One event per column of the transition table.
    enum Sample: String, CaseIterable {
        case initiate, update, documentsPass, documentsFail, documentsPreFail, selfiePass, selfiePreFail
        case applicationPass, applicationFail, applicationFailFinal, accept, finalize, cancel, reject

        var event: ApplicationMachine.Event {
            switch self {
            case .initiate: .initiate(allowedRetries: 2)
            case .update: .update
            case .documentsPass: .validateDocuments(preValidation: .pass, outcome: .passed)
            case .documentsFail: .validateDocuments(preValidation: .pass, outcome: .failed(failureStatusCodes: ["FAILURE_CODE_DOCUMENT_UNREADABLE"]))
            case .documentsPreFail: .validateDocuments(preValidation: .fail(reasons: ["GLARE"]), outcome: .passed)
            case .selfiePass: .validateSelfie(preValidation: .pass, outcome: .passed)
            case .selfiePreFail: .validateSelfie(preValidation: .fail(reasons: ["NO_FACE"]), outcome: .passed)
            case .applicationPass: .validateApplication(outcome: .passed)
            case .applicationFail: .validateApplication(outcome: .failed(failureStatusCodes: []))
            case .applicationFailFinal: .validateApplication(outcome: .failed(failureStatusCodes: [FinapticFailureCode.default]))
            case .accept: .accept
            case .finalize: .finalize
            case .cancel: .cancel
            case .reject: .reject(failureStatusCodes: ["FAILURE_CODE_FRAUD"])
            }
        }
    }

    /// The samples that lead from a new machine to `status` (nil: not started).
    static func path(to status: ApplicationStatus?) -> [Sample] {
        let validated: [Sample] = [.initiate, .update, .documentsPass, .selfiePass]
        return switch status {
        case nil: []
        case .newApplication?: [.initiate]
        case .dataCollection?: [.initiate, .update]
        case .kycInProgress?: validated
        case .kycSuccess?: validated + [.applicationPass]
        case .applicationAccepted?: validated + [.applicationPass, .accept]
        case .applicationProcessed?: validated + [.applicationPass, .accept, .finalize]
        case .kycFailed?: validated + [.applicationFail]
        case .kycRejected?: validated + [.applicationFailFinal]
        case .applicationCancelled?: [.initiate, .cancel]
        case .applicationRejected?: [.initiate, .reject]
        }
    }

    static func machine(at status: ApplicationStatus?) throws -> ApplicationMachine {
        var machine = ApplicationMachine()
        for sample in path(to: status) {
            _ = try machine.handle(sample.event)
        }
        #expect(machine.status == status)
        return machine
    }

    static func errorCode(_ machine: inout ApplicationMachine, _ event: ApplicationMachine.Event) -> String? {
        do {
            _ = try machine.handle(event)
            return nil
        } catch {
            return error.code.rawValue
        }
    }
}

@Suite struct ApplicationMachineTransitionTableTests {
    typealias S = ApplicationFixtures.Sample

    static let illegal = "ILLEGAL_TRANSITION"
    static let gated = "KYC_PREVALIDATION_FAILED"

    /// Rows: status before (`-` = not started). Columns: `Sample.allCases` order. Cells: the
    /// status after, or the error code that refuses the event.
    static let columns = S.allCases
    static let table: [String: [String]] = {
        let I = illegal, G = gated
        return [
            //                        initiate            update             documentsPass      documentsFail     documentsPreFail  selfiePass         selfiePreFail  applicationPass  applicationFail  applicationFailFinal  accept                  finalize                 cancel                   reject
            "-":                      ["New Application", I,                 I,                 I,                I,                I,                 I,             I,               I,               I,                    I,                      I,                       I,                       I],
            "New Application":        [I,                 "Data Collection", "KYC In Progress", "Data Collection", G,               "KYC In Progress", G,             I,               I,               I,                    I,                      I,                       "Application Cancelled", "Application Rejected"],
            "Data Collection":        [I,                 "Data Collection", "KYC In Progress", "Data Collection", G,               "KYC In Progress", G,             I,               I,               I,                    I,                      I,                       "Application Cancelled", "Application Rejected"],
            "KYC In Progress":        [I,                 "Data Collection", "KYC In Progress", "Data Collection", G,               "KYC In Progress", G,             "KYC Success",   "KYC Failed",    "KYC Rejected",       I,                      I,                       "Application Cancelled", "Application Rejected"],
            "KYC Success":            [I,                 I,                 I,                 I,                I,                I,                 I,             I,               I,               I,                    "Application Accepted", I,                       "Application Cancelled", "Application Rejected"],
            "KYC Failed":             [I,                 "Data Collection", "KYC In Progress", "Data Collection", G,               "KYC In Progress", G,             I,               I,               I,                    I,                      I,                       "Application Cancelled", "Application Rejected"],
            "KYC Rejected":           [I,                 I,                 I,                 I,                I,                I,                 I,             I,               I,               I,                    I,                      I,                       I,                       I],
            "Application Accepted":   [I,                 I,                 I,                 I,                I,                I,                 I,             I,               I,               I,                    I,                      "Application Processed", "Application Cancelled", "Application Rejected"],
            "Application Processed":  [I,                 I,                 I,                 I,                I,                I,                 I,             I,               I,               I,                    I,                      I,                       I,                       I],
            "Application Cancelled":  [I,                 I,                 I,                 I,                I,                I,                 I,             I,               I,               I,                    I,                      I,                       I,                       I],
            "Application Rejected":   [I,                 I,                 I,                 I,                I,                I,                 I,             I,               I,               I,                    I,                      I,                       I,                       I],
        ]
    }()

    static let statuses: [ApplicationStatus?] = [nil] + ApplicationStatus.allCases.map(Optional.some)

    @Test func tableCoversEveryStatusAndEvent() {
        #expect(Set(Self.table.keys) == Set(Self.statuses.map { $0?.rawValue ?? "-" }))
        #expect(Self.table.values.allSatisfy { $0.count == S.allCases.count })
        #expect(Set(S.allCases.map { $0.event.kind }) == Set(ApplicationMachine.Event.Kind.allCases))
    }

    @Test(arguments: statuses, S.allCases)
    func everyStatusTimesEveryEvent(_ status: ApplicationStatus?, _ sample: S) throws {
        let row = try #require(Self.table[status?.rawValue ?? "-"])
        let column = try #require(S.allCases.firstIndex(of: sample))
        let expected = row[column]
        let before = try ApplicationFixtures.machine(at: status)
        var machine = before
        let outcome: Result<ApplicationMachine.Action, EnrollmentError>
        do {
            outcome = .success(try machine.handle(sample.event))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let action):
            let next = try #require(ApplicationStatus(rawValue: expected), "\(sample) at \(status?.rawValue ?? "-") was applied; expected \(expected)")
            #expect(machine.status == next)
            switch action {
            case .proceed(let reported), .retry(let reported, _, _), .stop(let reported, _):
                #expect(reported == next)
            }
            if case .stop = action {
                #expect(next.isFinal)
            }
        case .failure(let error):
            #expect(error.code.rawValue == expected, "\(sample) at \(status?.rawValue ?? "-")")
            #expect(machine == before, "a refused event must change nothing")
        }
    }
}

@Suite struct ApplicationMachineRuleTests {
    @Test func statusStringsAreFinapticsOwn() {
        #expect(ApplicationStatus.allCases.map(\.rawValue) == [
            "New Application", "Data Collection", "KYC In Progress", "KYC Success", "KYC Failed",
            "KYC Rejected", "Application Accepted", "Application Processed", "Application Cancelled",
            "Application Rejected",
        ])
    }

    @Test func negativeRetriesAreRefused() {
        var machine = ApplicationMachine()
        #expect(ApplicationFixtures.errorCode(&machine, .initiate(allowedRetries: -1)) == "INVALID_RETRY_COUNT")
        #expect(machine.status == nil)
    }

    @Test func validateApplicationNeedsDocumentsAndSelfie() throws {
        var machine = try ApplicationFixtures.machine(at: .dataCollection)
        _ = try machine.handle(.validateDocuments(preValidation: .pass, outcome: .passed))
        #expect(machine.status == .kycInProgress)
        #expect(ApplicationFixtures.errorCode(&machine, .validateApplication(outcome: .passed)) == "KYC_STEPS_INCOMPLETE")
        _ = try machine.handle(.validateSelfie(preValidation: .pass, outcome: .passed))
        #expect(try machine.handle(.validateApplication(outcome: .passed)) == .proceed(.kycSuccess))
    }

    @Test func failedPreValidationSpendsNothing() throws {
        var machine = try ApplicationFixtures.machine(at: .kycFailed)
        let retries = machine.remainingAllowedRetries
        do {
            _ = try machine.handle(.validateSelfie(preValidation: .fail(reasons: ["NO_FACE", "BLUR"]), outcome: .passed))
            Issue.record("a failing pre-validation was let through")
        } catch {
            #expect(error.code == .kycPreValidationFailed)
            #expect(error.message.contains("NO_FACE, BLUR"))
        }
        #expect(machine.remainingAllowedRetries == retries)
        #expect(machine.status == .kycFailed)
    }

    @Test func retriesRunOutIntoKYCRejected() throws {
        var machine = ApplicationMachine()
        _ = try machine.handle(.initiate(allowedRetries: 2))
        var actions: [ApplicationMachine.Action] = []
        for _ in 0..<3 {
            _ = try machine.handle(.validateDocuments(preValidation: .pass, outcome: .passed))
            _ = try machine.handle(.validateSelfie(preValidation: .pass, outcome: .passed))
            actions.append(try machine.handle(.validateApplication(outcome: .failed(failureStatusCodes: ["FAILURE_CODE_NAME_MISMATCH"]))))
        }
        #expect(actions == [
            .retry(.kycFailed, remainingAllowedRetries: 1, failureStatusCodes: ["FAILURE_CODE_NAME_MISMATCH"]),
            .retry(.kycFailed, remainingAllowedRetries: 0, failureStatusCodes: ["FAILURE_CODE_NAME_MISMATCH"]),
            .stop(.kycRejected, failureStatusCodes: ["FAILURE_CODE_NAME_MISMATCH"]),
        ])
        #expect(machine.status == .kycRejected)
        #expect(machine.remainingAllowedRetries == 0)
    }

    @Test(arguments: [FinapticFailureCode.default, FinapticFailureCode.ageOfMajority])
    func finalFailureCodesEndRetriesAtOnce(_ code: String) throws {
        var documents = try ApplicationFixtures.machine(at: .dataCollection)
        #expect(documents.remainingAllowedRetries == 2)
        #expect(try documents.handle(.validateDocuments(preValidation: .pass, outcome: .failed(failureStatusCodes: [code]))) == .stop(.kycRejected, failureStatusCodes: [code]))
        #expect(documents.remainingAllowedRetries == 0)

        var selfie = try ApplicationFixtures.machine(at: .dataCollection)
        #expect(try selfie.handle(.validateSelfie(preValidation: .pass, outcome: .failed(failureStatusCodes: ["OTHER", code]))) == .stop(.kycRejected, failureStatusCodes: ["OTHER", code]))
        #expect(selfie.remainingAllowedRetries == 0)

        var application = try ApplicationFixtures.machine(at: .kycInProgress)
        _ = try application.handle(.validateApplication(outcome: .failed(failureStatusCodes: [code])))
        #expect(application.status == .kycRejected)
        #expect(application.failureStatusCodes == [code])
    }

    @Test func failedDocumentsGoBackToDataCollectionWithoutSpendingARetry() throws {
        var machine = try ApplicationFixtures.machine(at: .kycInProgress)
        let action = try machine.handle(.validateDocuments(preValidation: .pass, outcome: .failed(failureStatusCodes: ["FAILURE_CODE_EXPIRED"])))
        #expect(action == .retry(.dataCollection, remainingAllowedRetries: 2, failureStatusCodes: ["FAILURE_CODE_EXPIRED"]))
        #expect(!machine.documentsValidated)
        #expect(machine.selfieValidated)
    }

    @Test func updateVoidsEarlierValidations() throws {
        var machine = try ApplicationFixtures.machine(at: .kycInProgress)
        #expect(machine.documentsValidated && machine.selfieValidated)
        _ = try machine.handle(.update)
        #expect(!machine.documentsValidated && !machine.selfieValidated)
    }

    @Test func happyPathEndsProcessed() throws {
        let machine = try ApplicationFixtures.machine(at: .applicationProcessed)
        #expect(machine.status?.isFinal == true)
        #expect(machine.failureStatusCodes == [])
    }

    @Test func machineSurvivesAJSONRoundTrip() throws {
        for status in ApplicationMachineTransitionTableTests.statuses {
            let machine = try ApplicationFixtures.machine(at: status)
            let data = try JSONEncoder().encode(machine)
            #expect(try JSONDecoder().decode(ApplicationMachine.self, from: data) == machine)
            if let status {
                #expect(String(decoding: data, as: UTF8.self).contains("\"\(status.rawValue)\""))
            }
        }
    }
}
