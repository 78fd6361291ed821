/// Everything the risk assessment looks at, as values.
public struct RiskInput: Sendable, Hashable {
    /// What the reader found on the screenshot.
    public var screenshot: ScreenshotResult
    /// The IMEI the customer declared for the device being activated.
    public var declaredIMEI: String?
    /// The device model the customer declared: an identifier (`iPhone15,2`) or marketing name.
    public var declaredModel: String?
    /// The screenshot file's hash, to find resubmitted screenshots.
    public var screenshotHash: String?
    /// Size and EXIF of the image file, when known.
    public var image: ImageFacts?
    /// The client's risk-signals payload, when one was submitted.
    public var riskSignals: RiskSignalsPayload?
    /// Earlier activations' IMEIs and screenshots.
    public var history: RiskHistory
    /// Today, to check the risk signals' `accountTenure`.
    public var today: CalendarDate

    public init(
        screenshot: ScreenshotResult, declaredIMEI: String? = nil, declaredModel: String? = nil,
        screenshotHash: String? = nil, image: ImageFacts? = nil, riskSignals: RiskSignalsPayload? = nil,
        history: RiskHistory = RiskHistory(), today: CalendarDate
    ) {
        self.screenshot = screenshot
        self.declaredIMEI = declaredIMEI
        self.declaredModel = declaredModel
        self.screenshotHash = screenshotHash
        self.image = image
        self.riskSignals = riskSignals
        self.history = history
        self.today = today
    }
}
