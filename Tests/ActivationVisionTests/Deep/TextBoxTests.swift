@testable import ActivationVision
import Testing

@Suite struct TextBoxTests {
    let level = TextBox(text: "", corners: [100, 50, 340, 50, 340, 80, 100, 80])
    let turned = TextBox(text: "", corners: [200, 100, 230, 100, 230, 340, 200, 340])

    @Test func aspectIsTheLongerEdgeOverTheShorterUprightOrTurned() {
        #expect(level.aspect == 8)
        #expect(turned.aspect == 8)
        #expect(TextBox(text: "", corners: []).aspect == 0)
    }

    @Test func lengtheningGrowsTheLineAlongItsOwnDirection() {
        let longer = level.lengthened(by: 0.5, width: 1000, height: 1000)
        #expect(longer.corners == [85, 50, 355, 50, 355, 80, 85, 80])
        let taller = turned.lengthened(by: 0.5, width: 1000, height: 1000)
        #expect(taller.corners == [200, 85, 230, 85, 230, 355, 200, 355])
    }

    @Test func lengtheningStaysOnThePage() {
        let longer = level.lengthened(by: 5, width: 400, height: 400)
        #expect(longer.corners.allSatisfy { $0 >= 0 && $0 <= 399 })
        #expect(longer.corners[0] == 0 && longer.corners[2] == 399)
    }

    @Test func aBoxTallerThanWideIsVertical() {
        #expect(turned.isVertical)
        #expect(!level.isVertical)
        // Listed from its text's own top-left (read bottom to top), the same box is a level line
        // of its own: the crop follows the corners and needs no turn.
        let fromBottomLeft = TextBox(text: "", corners: [200, 340, 200, 100, 230, 100, 230, 340])
        #expect(!fromBottomLeft.isVertical)
        #expect(fromBottomLeft.aspect == 8)
        #expect(!TextBox(text: "", corners: [0, 0, 40, 0, 40, 50, 0, 50]).isVertical)
    }

    @Test func aPartIsCutAlongTheLineFromItsTextsTopLeftWithMargins() {
        // The right half of a level line, half its height wider at each end and above and below.
        #expect(level.part(0.5...1, along: 0.5, across: 0.5).corners == [205, 35, 355, 35, 355, 95, 205, 95])
        // A line read bottom to top (listed from its text's top-left): its first half lies at the bottom.
        let upward = TextBox(text: "", corners: [200, 340, 200, 100, 230, 100, 230, 340])
        #expect(upward.part(0...0.5, along: 0, across: 0).corners == [200, 340, 200, 220, 230, 220, 230, 340])
        #expect(TextBox(text: "", corners: []).part(0...1, along: 1, across: 1).corners.isEmpty)
    }

    @Test func meanConfidenceIsZeroWithoutCharacters() {
        #expect(TextBox(text: "ab", corners: [], confidences: [0.5, 1]).meanConfidence == 0.75)
        #expect(TextBox(text: "", corners: []).meanConfidence == 0)
    }
}
