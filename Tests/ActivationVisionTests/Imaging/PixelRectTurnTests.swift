@testable import ActivationPipeline
@testable import ActivationVision
import Testing

@Suite struct PixelRectTurnTests {
    @Test func aQuarterTurnAboutTheCentreSwapsTheSides() {
        let box = PixelRect(x: 10, y: 40, width: 30, height: 10).turned(degrees: 90, width: 100, height: 100)
        #expect(box == PixelRect(x: 50, y: 10, width: 10, height: 30))
    }

    @Test func turningBackHoldsTheOriginal() {
        let box = PixelRect(x: 300, y: 700, width: 240, height: 30)
        let back = box.turned(degrees: 8, width: 1080, height: 2400).turned(degrees: -8, width: 1080, height: 2400)
        #expect(back.x <= box.x && back.y <= box.y && back.maxX >= box.maxX && back.maxY >= box.maxY)
        #expect(back.width < box.width + 80 && back.height < box.height + 80)
    }
}
