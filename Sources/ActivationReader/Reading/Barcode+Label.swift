import ActivationPipeline
import ActivationVision

extension Barcode {
    /// The barcode printed just under a labelled value, if one is: below the label's top,
    /// at most a few text heights under the row, and overlapping it horizontally. Pure logic.
    static func under(_ value: LabelledValue, among codes: [Barcode]) -> Barcode? {
        let h = value.textHeight
        let rowTop = min(value.labelBox.y, value.region.y)
        let rowBottom = max(value.labelBox.maxY, value.region.maxY)
        let left = value.labelBox.x, right = max(value.region.maxX, value.labelBox.maxX)
        return codes.filter { c in
            c.box.y >= rowTop + h / 2 && c.box.y <= rowBottom + h * 4
                && c.box.x < right && c.box.maxX > left
        }.min { $0.box.y < $1.box.y }
    }

}
