@testable import ActivationPipeline
import Testing

@Suite struct IPhoneModelCatalogTests {
    @Test(arguments: [
        ("iPhone10,3", "iPhone X", 1125, 2436),
        ("iPhone10,6", "iPhone X", 1125, 2436),
        ("iPhone15,2", "iPhone 14 Pro", 1179, 2556),
        ("iPhone15,3", "iPhone 14 Pro Max", 1290, 2796),
        ("iPhone16,1", "iPhone 15 Pro", 1179, 2556),
        ("iPhone16,2", "iPhone 15 Pro Max", 1290, 2796),
        ("iPhone17,1", "iPhone 16 Pro", 1206, 2622),
        ("iPhone17,2", "iPhone 16 Pro Max", 1320, 2868),
        ("iPhone18,4", "iPhone Air", 1260, 2736),
        ("iPhone12,8", "iPhone SE (2nd generation)", 750, 1334),
    ])
    func findsByIdentifier(_ identifier: String, _ name: String, _ width: Int, _ height: Int) throws {
        let model = try #require(IPhoneModelCatalog.model(named: identifier))
        #expect(model.name == name)
        #expect(model.screenshotSizes.first == IPhoneModel.PixelSize(width, height))
    }

    @Test(arguments: ["iPhone 14 Pro", "Apple iPhone 14 Pro", "iphone  14 pro", "IPHONE15,2"])
    func findsByMarketingName(_ text: String) {
        #expect(IPhoneModelCatalog.model(named: text)?.identifiers == ["iPhone15,2"])
    }

    @Test(arguments: ["", "iPhone99,1", "Pixel 8", "iPhone 14 Pro Maxx"])
    func unknownModelsAreNil(_ text: String) {
        #expect(IPhoneModelCatalog.model(named: text) == nil)
    }

    @Test func acceptsBothOrientationsAndTheMiniRenderedSize() throws {
        let pro = try #require(IPhoneModelCatalog.model(named: "iPhone15,2"))
        #expect(pro.acceptsScreenshot(width: 1179, height: 2556))
        #expect(pro.acceptsScreenshot(width: 2556, height: 1179))
        #expect(!pro.acceptsScreenshot(width: 1170, height: 2532))
        let mini = try #require(IPhoneModelCatalog.model(named: "iPhone 13 mini"))
        #expect(mini.acceptsScreenshot(width: 1125, height: 2436))
        #expect(mini.acceptsScreenshot(width: 1080, height: 2340))
    }

    @Test func tableIsConsistent() {
        let identifiers = IPhoneModelCatalog.models.flatMap(\.identifiers)
        #expect(Set(identifiers).count == identifiers.count)
        let names = IPhoneModelCatalog.models.map(\.name)
        #expect(Set(names).count == names.count)
        for model in IPhoneModelCatalog.models {
            #expect(!model.screenshotSizes.isEmpty, "\(model.name)")
            #expect(model.screenshotSizes.allSatisfy { $0.width < $0.height }, "\(model.name)")
            #expect(model.identifiers.allSatisfy { $0.hasPrefix("iPhone") && $0.contains(",") }, "\(model.name)")
        }
    }
}

@Suite struct TACPairCheckTests {
    @Test func gradesAgreement() {
        #expect(TACPairCheck.compare(RiskFixtures.slot1, RiskFixtures.slot2) == .sameTAC)
        #expect(TACPairCheck.compare(RiskFixtures.slot1, RiskFixtures.sameTACPrefix) == .sameTACPrefix)
        #expect(TACPairCheck.compare(RiskFixtures.slot1, RiskFixtures.sameReportingBody) == .sameReportingBody)
        #expect(TACPairCheck.compare(RiskFixtures.slot1, RiskFixtures.otherPhone) == .different)
    }

    @Test func flagsOnlyWhenTheFirstSixDigitsDiffer() {
        #expect(!TACPairCheck.Agreement.sameTAC.isMismatch)
        #expect(!TACPairCheck.Agreement.sameTACPrefix.isMismatch)
        #expect(TACPairCheck.Agreement.sameReportingBody.isMismatch)
        #expect(TACPairCheck.Agreement.different.isMismatch)
    }
}

@Suite struct ImageFactsTests {
    @Test func namesEditors() {
        #expect(ImageFacts(pixelWidth: 1179, pixelHeight: 2556, software: "Adobe Photoshop 25.0 (Macintosh)").editor == "photoshop")
        #expect(ImageFacts(pixelWidth: 1179, pixelHeight: 2556, software: "Snapseed 2.0").editor == "snapseed")
        #expect(ImageFacts(pixelWidth: 1179, pixelHeight: 2556, software: "17.4.1").editor == nil)
        #expect(ImageFacts(pixelWidth: 1179, pixelHeight: 2556).editor == nil)
    }

    @Test func seesCameraPhotos() {
        #expect(ImageFacts(pixelWidth: 1179, pixelHeight: 2556, hasCameraSettings: true).photoEvidence != nil)
        #expect(ImageFacts(pixelWidth: 1179, pixelHeight: 2556, make: "Apple", model: "iPhone 13").photoEvidence != nil)
        #expect(ImageFacts(pixelWidth: 4032, pixelHeight: 3024).photoEvidence != nil)
        #expect(ImageFacts(pixelWidth: 3000, pixelHeight: 4500).photoEvidence != nil)
    }

    @Test func screenshotsAreNotPhotos() {
        #expect(ImageFacts(pixelWidth: 1179, pixelHeight: 2556).photoEvidence == nil)
        #expect(ImageFacts(pixelWidth: 1080, pixelHeight: 2400, make: "samsung").photoEvidence == nil)
        #expect(ImageFacts(pixelWidth: 2048, pixelHeight: 2732).photoEvidence == nil)
        #expect(ImageFacts(pixelWidth: 1536, pixelHeight: 2048).photoEvidence == nil)
        #expect(ImageFacts(pixelWidth: 0, pixelHeight: 0).photoEvidence == nil)
    }
}
