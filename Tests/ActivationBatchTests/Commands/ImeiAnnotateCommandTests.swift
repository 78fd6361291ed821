import ActivationReader
import Foundation
import TestSupport
import Testing

/// `activation imei --annotate DIR` run as users run it, on real samples.
@Suite struct ImeiAnnotateCommandTests {
    @Test(arguments: [false, true])
    func writesOneUprightAnnotatedPNGPerDecodableInputAndNoCChatter(json: Bool) async throws {
        let work = try CommandWorkspace(copying: [
            ("0029_ios_about_light_exif_rot.jpg", "rotated.jpg"), ("bad/truncated.png", "cut.png"), ("bad/text.png", "text.png"),
        ])
        defer { work.remove() }
        let out = work.directory + "/annotated"
        let arguments = ["imei", "--annotate", out] + (json ? ["--json"] : []) + ["rotated.jpg", "cut.png", "text.png"].map { work.inputs + "/" + $0 }
        let run = try await ActivationProcess.run(arguments, in: work.directory, name: "imei")
        #expect(run.status == 1, "two inputs do not decode (4005): an input error, exit 1")
        #expect(!run.stderr.contains("libpng") && !run.stderr.contains("Error in") && !run.stderr.contains("Warning"), "stderr: \(run.stderr)")
        if json {
            #expect(run.stdout.split(separator: "\n").count == 3 && run.stdout.hasPrefix("{"))
        } else {
            #expect(run.stdout.contains("rotated.jpg: IMEI"))
        }
        let picture = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/rotated.annotated.png")))
        let drawn = try #require(PNGHeader.size(picture))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: work.inputs + "/rotated.jpg")))
        let upright = try #require(try IMEIReader().read(Screenshot(name: "rotated.jpg", bytes: bytes)).facts)
        #expect(drawn.width == upright.pixelWidth && drawn.height == upright.pixelHeight)
        #expect(upright.pixelWidth < upright.pixelHeight, "the sample is stored landscape and turned upright by EXIF")
        let mode = try FileManager.default.attributesOfItem(atPath: out + "/rotated.annotated.png")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let made = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(made.contains("rotated.annotated.png") && !made.contains("cut.annotated.png"), "a file that does not decode gets no picture")
    }

    @Test func unmaskedNeedsAnnotate() async throws {
        let run = try await ActivationProcess.run(["imei", "--unmasked", "x.png"], in: NSTemporaryDirectory(), name: "unmasked-\(UUID())")
        #expect(run.status != 0 && run.stderr.contains("--unmasked only applies with --annotate"))
    }
}
