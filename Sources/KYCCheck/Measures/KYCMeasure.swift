/// One score of a file held against its threshold: `{"name": "face_sharpness", "score": 91,
/// "threshold": 50}`. The file fails the check when `score < threshold`. Every score the rules
/// judged is listed, passed or not, so that a report shows how far each was from failing.
/// Pure value.
public struct KYCMeasure: Sendable, Hashable, Codable {
    /// What was measured: `sharpness`, `glare`, `exposure` (documents, on the frame),
    /// `document_uncovered` (documents: no solid black or white patch over them),
    /// `face_sharpness`, `face_exposure`, `face_size` (selfies, on the face: the face box's
    /// width in hundredths of the long side), `frame_edge_sharpness`, `face_uncovered` and
    /// `eyes_uncovered` (selfies with one face: the picture's edges, the nose and mouth showing
    /// skin, the eyes not behind dark lenses), `frame_exposure` (a selfie without a face).
    public var name: String
    /// The score, 0–100, higher is better.
    public var score: Int
    /// The lowest passing score at the strictness in force.
    public var threshold: Int

    public init(_ name: String, score: Int, threshold: Int) {
        self.name = name
        self.score = score
        self.threshold = threshold
    }

    /// Whether the score is under its threshold.
    public var fails: Bool { score < threshold }
}
