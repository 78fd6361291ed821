@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationVision
import Foundation
import Testing

/// `samples/photos/` (screens photographed at 5–35°, app and web layouts, labels in many
/// languages, traps), `samples/box-labels/` (box labels with barcodes, photos, 12 MP) and
/// `samples/sideways/` (13 of the photos turned a quarter in their pixels, either way) and
/// `samples/photos-random/` (41 MIUI Status and dark iOS About pages at random shots) and
/// `samples/photos-mild/` (6 screens filling the frame, seen a little from one side) and
/// `samples/module-labels/` (boards whose module's label is upside down or turned) read by
/// the real reader with its deep second opinion: no false accept anywhere, every negative 4001,
/// every value's channels named, and an exact rate that may not fall below what was measured
/// (photos 62/62, box labels 42/42, sideways 13/13, random shots 40/41, mild 6/6, module labels
/// 11/11). Without the deep files installed the floors are Tesseract's own (41/62, 23/42, 10/13,
/// 10/41, 6/6, 2/11), and the
/// test says so. On box labels the serial number and
/// the EID are never wrong, and read at least as often as measured (28 of 33 serials, 5 of 6
/// EIDs; none without the deep lines), and 47 of the 64 IMEIs carry their barcode's channel.
@Suite(.serialized) struct SamplePhotoTests {
    static let deep = DeepOCR.shared != nil

    @Test(arguments: [("photos", 62, 41), ("box-labels", 42, 23), ("sideways", 13, 10), ("photos-random", 40, 10), ("photos-mild", 6, 6), ("module-labels", 11, 2)])
    func readsPhotosAndBoxLabelsWithoutAFalseAccept(folderName: String, deepFloor: Int, textFloor: Int) async throws {
        let folder = SampleScreenshotTests.samples.appendingPathComponent(folderName)
        let truth = try SampleScreenshotTests.truth(folder)
        #expect(truth.count >= deepFloor)
        let results = try await SampleScreenshotTests.readAll(truth.map { folder.appendingPathComponent($0.file).path })
        try #require(results.count == truth.count)
        var exact = 0, serials = 0, eids = 0, withBarcode = 0
        for (t, r) in zip(truth, results) {
            withBarcode += r.imeis.filter { $0.channels.contains("barcode") }.count
            for (want, got) in [(t.serial, r.serialNumber), (t.eid, r.eid)] {
                #expect(got == nil || got?.value == want, "a wrong serial or EID in \(folderName)/\(t.file)")
                #expect(got.map { !$0.channels.isEmpty && $0.channels.allSatisfy { ["deep", "barcode"].contains($0) } } ?? true)
            }
            serials += r.serialNumber != nil ? 1 : 0
            eids += r.eid != nil ? 1 : 0
            let got = Set(r.imeis.map(\.value))
            #expect(got.isSubset(of: Set(t.imeis)), "false accept in \(folderName)/\(t.file)")
            if t.imeis.isEmpty { #expect(r.error?.code == 4001, "\(t.file) must answer 4001") }
            for reading in r.imeis {
                #expect(!reading.channels.isEmpty && reading.channels.allSatisfy { ["text", "deep", "barcode"].contains($0) })
            }
            if got == Set(t.imeis) { exact += 1 } else { print("MISS \(folderName)/\(t.file)") }
        }
        print("\(folderName): \(exact)/\(truth.count) exact, deep OCR \(Self.deep ? "installed" : "NOT installed")")
        #expect(exact >= (Self.deep ? deepFloor : textFloor), "\(folderName): \(exact)/\(truth.count) exact")
        if folderName == "box-labels", Self.deep {
            #expect(serials >= 28 && eids >= 5, "serials \(serials), EIDs \(eids)")
            // Each IMEI's own barcode, tied to its line, confirms it (47 of 64 measured).
            #expect(withBarcode >= 45, "IMEIs with their barcode: \(withBarcode)")
        }
    }
}
