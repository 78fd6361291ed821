import ActivationVision

/// How an image the engine read was made from the upright picture the reader was given, and
/// the one way any box on it goes back: turned by quarter turns or levelled by a few degrees,
/// scaled, cut to a crop, or cut into row bands stacked into one image. Pure value.
///
/// Every box the reader reports or compares across images is mapped by a frame, step by step
/// from the last change back to the first, with the same integer rounding at each step.
struct PageFrame: Sendable {
    /// One change made to a picture on its way to the engine.
    enum Step: Sendable {
        /// Turned clockwise by quarter turns into a `width`×`height` image.
        case quarterTurns(Int, width: Int, height: Int)
        /// Turned by `degrees` about the centre of a `width`×`height` picture, the size kept.
        case turned(degrees: Double, width: Int, height: Int)
        /// Cut at `origin` (the crop's top-left corner; a page is cut at 0, 0) and scaled by
        /// `factor`.
        case scaled(Double, origin: (x: Int, y: Int))
        /// Row bands cut out and stacked: each band's rows on the picture and the row where it
        /// starts in the stack.
        case stacked([(rows: Range<Int>, top: Int)])
    }

    /// The changes, in the order they were made.
    var steps: [Step]

    init(_ steps: [Step]) {
        self.steps = steps
    }

    /// The frame of a picture made from this one's with `step`.
    func then(_ step: Step) -> PageFrame {
        PageFrame(steps + [step])
    }

    /// `box`, a box on the image this frame made, on the picture it started from.
    func back(_ box: PixelRect) -> PixelRect {
        steps.reversed().reduce(box) { box, step in step.back(box) }
    }
}

extension PageFrame.Step {
    /// `b`, a box on the image this step made, on the picture it was made from.
    func back(_ b: PixelRect) -> PixelRect {
        switch self {
        case .quarterTurns(let turns, let width, let height):
            switch ((turns % 4) + 4) % 4 {
            case 1: PixelRect(x: b.y, y: width - b.maxX, width: b.height, height: b.width)
            case 2: PixelRect(x: width - b.maxX, y: height - b.maxY, width: b.width, height: b.height)
            case 3: PixelRect(x: height - b.maxY, y: b.x, width: b.height, height: b.width)
            default: b
            }
        case .turned(let degrees, let width, let height):
            b.turned(degrees: -degrees, width: width, height: height)
        case .scaled(let factor, let origin):
            b.scaled(by: 1 / factor, dx: origin.x, dy: origin.y)
        case .stacked(let placed):
            // Each box moves with the band its middle falls in.
            if let band = placed.last(where: { $0.top <= b.y + b.height / 2 }) {
                PixelRect(x: b.x, y: b.y - band.top + band.rows.lowerBound, width: b.width, height: b.height)
            } else {
                b
            }
        }
    }
}
