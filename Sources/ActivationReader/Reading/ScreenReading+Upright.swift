import ActivationPipeline
import ActivationVision

extension ScreenReading {
    /// The `levelled` stage: text photographed askew reads badly at any scale or contrast, so
    /// the picture turned level is read by the ``ReadingPlan/levelled`` sub-plan, with its boxes
    /// turned back; its label sightings, MEID and IMEIs not read already join `e`. Nothing when
    /// the picture is level already (within ``ReaderTuning/levellingDegrees``) or no angle is clear.
    func levelled(_ e: inout ReadingEvidence) -> (String, [ReaderStage]?) {
        guard let angle = gray.levellingAngle(), abs(angle) >= tuning.levellingDegrees,
              let level = gray.turned(degrees: angle)
        else { return ("level already", nil) }
        var again = derived(level).run(.levelled)
        let frame = PageFrame([.turned(degrees: angle, width: gray.width, height: gray.height)])
        again.moveBoxes(frame.back)
        e.sawLabel = e.sawLabel || again.sawLabel
        e.meid = e.meid ?? again.meid
        for refusal in again.refused { e.refuse(refusal) }
        e.deepFailing += again.deepFailing
        e.imeis += again.imeis.filter { reading in !e.imeis.contains { $0.value == reading.value } }
        if !again.imeis.isEmpty { e.pass?.unread = 0 }
        e.levelledRead = true
        return ("turned \(angle)°, \(again.imeis.count) IMEIs", again.stages)
    }

    /// The `upright` stage: a photographed screen set upright (its outline found and warped onto
    /// a rectangle) read by the ``ReadingPlan/upright`` sub-plan, as a screenshot, with its boxes
    /// and lines back on the picture. When it gave IMEIs, `e` takes those not read already, its
    /// MEID and lines when the picture gave none, and whether it was a legible screen. It runs
    /// only after the picture as it is left a slot unread: setting the screen upright first lost
    /// the IMEIs outside a card found on a screen that fills the frame, and cost photos that read
    /// as they are.
    func upright(_ e: inout ReadingEvidence) -> (String, [ReaderStage]?) {
        guard let quad = gray.screenQuad(areaShares: tuning.screenAreaShares, minSide: tuning.screenMinSide),
              let picture = gray.rectified(quad)
        else { return ("no screen outline", nil) }
        trace("screen outline \(quad.corners.map { "(\(Int($0.x)),\(Int($0.y)))" }.joined()) → \(quad.width)×\(quad.height)")
        if let dir = trace.dumpDirectory { picture.dump(to: dir + "/screen.png") }
        var screen = derived(picture).run(.upright)
        screen.moveBoxes { quad.back($0).clamped(width: gray.width, height: gray.height) }
        for refusal in screen.refused { e.refuse(refusal) }
        e.deepFailing += screen.deepFailing
        guard !screen.imeis.isEmpty else { return ("no IMEI", screen.stages) }
        e.sawLabel = true
        e.meid = e.meid ?? screen.meid
        e.imeis += screen.imeis.filter { reading in !e.imeis.contains { $0.value == reading.value } }
        e.lines = e.lines ?? screen.lines?.map(quad.back)
        e.screen = screen.screen
        e.assignSlots()
        return ("\(screen.imeis.count) IMEIs", screen.stages)
    }

    /// The reading of `picture`, made from this reading's: same engines, switches and stop.
    private func derived(_ picture: Image) -> ScreenReading {
        ScreenReading(engine: engine, barcodes: barcodes, deep: deep, gray: picture, tuning: tuning, trace: trace, stop: stop, budget: budget)
    }

    /// Whether `imeis` leave a slot unread: none at all, or a lone IMEI whose label names its
    /// slot ("IMEI1", "IMEI (slot 2)"), which calls for the other. Pure.
    static func lacksSlot(_ imeis: [IMEIReading]) -> Bool {
        guard imeis.count == 1, let label = imeis.first?.label else { return imeis.isEmpty }
        return label.contains { $0 == "1" || $0 == "2" }
    }
}
