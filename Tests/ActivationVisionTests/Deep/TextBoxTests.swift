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
}
