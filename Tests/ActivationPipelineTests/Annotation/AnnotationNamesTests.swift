import ActivationPipeline
import Testing

/// `imei --annotate DIR` gives every input a picture of its own.
@Suite struct AnnotationNamesTests {
    @Test func distinctBaseNamesKeepTheirShortNames() {
        #expect(AnnotationNames.names(for: ["x/rotated.jpg", "x/cut.png", "y/text.png"]) == ["rotated", "cut", "text"])
    }

    @Test func sameBaseNameInTwoFoldersWithTwoExtensionsKeepsTheExtension() {
        #expect(AnnotationNames.names(for: ["a/shot.jpg", "b/shot.png", "c/other.png"]) == ["shot.jpg", "shot.png", "other"])
    }

    @Test func sameNameInTwoFoldersTakesTheFoldersBelowTheCommonOne() {
        let names = AnnotationNames.names(for: ["/up/a/shot.png", "/up/b/shot.png", "/up/b/deeper/shot.jpg"])
        #expect(names == ["a_shot.png", "b_shot.png", "shot.jpg"])
        #expect(Set(names).count == 3)
    }

    @Test func theSamePathTwiceAndStandardInputStillGetDistinctNames() {
        let names = AnnotationNames.names(for: ["shot.png", "shot.png", "-"])
        #expect(names == ["shot.png-1", "shot.png-2", "stdin"])
    }

    @Test func aLaterLevelNeverTakesAnotherInputsName() {
        // "shot.jpg" is both the stem of shot.jpg.png and the second-level name of a/shot.jpg.
        let names = AnnotationNames.names(for: ["shot.jpg.png", "a/shot.jpg", "b/shot.png"])
        #expect(Set(names).count == 3, "\(names)")
    }

    @Test func pathsGoInTheFolder() {
        #expect(AnnotationNames.path("a_shot.png", in: "out/") == "out/a_shot.png.annotated.png")
        #expect(AnnotationNames.path("shot", in: "out") == "out/shot.annotated.png")
    }
}
