import ActivationPipeline
import ActivationVision

extension ScreenReading {
    /// The reading of a photographed screen set upright (its outline found and warped onto a
    /// rectangle), as a screenshot, with its boxes and lines back on the picture; nil when no
    /// outline is found or the upright screen gave no IMEI. It runs only after the picture as
    /// it is left a slot unread: setting the screen upright first lost the IMEIs outside a card
    /// found on a screen that fills the frame, and cost photos that read as they are.
    func rectifiedReading() -> Outcome? {
        guard !rectified, !levelled,
              let quad = gray.screenQuad(areaShares: tuning.screenAreaShares, minSide: tuning.screenMinSide),
              let upright = gray.rectified(quad)
        else { return nil }
        trace("screen outline \(quad.corners.map { "(\(Int($0.x)),\(Int($0.y)))" }.joined()) → \(quad.width)×\(quad.height)")
        if let dir = trace.dumpDirectory { upright.dump(to: dir + "/screen.png") }
        var outcome = ScreenReading(
            engine: engine, barcodes: barcodes, deep: deep, gray: upright, tuning: tuning, trace: trace, stop: stop, rectified: true
        ).readIMEIs()
        guard !outcome.imeis.isEmpty else { return nil }
        outcome.moveBoxes { quad.back($0).clamped(width: gray.width, height: gray.height) }
        outcome.lines = outcome.lines?.map(quad.back)
        return outcome
    }

    /// What the upright `screen` adds to `outcome`, the picture's own reading: its IMEIs not
    /// read already, its MEID and lines when the picture gave none, and whether it was legible.
    func adopt(_ screen: Outcome, into outcome: inout Outcome) {
        outcome.sawLabel = true
        outcome.meid = outcome.meid ?? screen.meid
        outcome.imeis += screen.imeis.filter { reading in !outcome.imeis.contains { $0.value == reading.value } }
        outcome.lines = outcome.lines ?? screen.lines
        outcome.legible = screen.legible
        assignSlots(&outcome.imeis)
    }

    /// Whether `imeis` leave a slot unread: none at all, or a lone IMEI whose label names its
    /// slot ("IMEI1", "IMEI (slot 2)"), which calls for the other. Pure.
    static func lacksSlot(_ imeis: [IMEIReading]) -> Bool {
        guard imeis.count == 1, let label = imeis.first?.label else { return imeis.isEmpty }
        return label.contains { $0 == "1" || $0 == "2" }
    }
}
