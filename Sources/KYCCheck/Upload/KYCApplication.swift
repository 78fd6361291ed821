/// What one Finaptic KYC submission carries: the three images (`validateDocuments` front and
/// back, `validateSelfie`) and the `DocumentInfo` fields the rules check. Pure value.
public struct KYCApplication: Sendable, Hashable {
    /// The document's front; nil when not given.
    public var front: KYCUpload?
    /// The document's back; nil when not given.
    public var back: KYCUpload?
    /// The selfie; nil when not given.
    public var selfie: KYCUpload?
    /// `DocumentInfo.documentType`, e.g. `DOCUMENT_TYPE_CANADIAN_DRIVERS_LICENSE`.
    public var documentType: String?
    /// `DocumentInfo.documentCountry`: an ISO 3166-1 alpha-2 code such as `CA`.
    public var documentCountry: String?
    /// `DocumentInfo.documentState`, required for driver's licences (`BC`, `QC`, …).
    public var documentState: String?

    public init(
        front: KYCUpload? = nil, back: KYCUpload? = nil, selfie: KYCUpload? = nil,
        documentType: String? = nil, documentCountry: String? = nil, documentState: String? = nil
    ) {
        self.front = front
        self.back = back
        self.selfie = selfie
        self.documentType = documentType
        self.documentCountry = documentCountry
        self.documentState = documentState
    }

    /// The upload for `role`.
    public subscript(role: KYCRole) -> KYCUpload? {
        switch role {
        case .front: front
        case .back: back
        case .selfie: selfie
        }
    }
}
