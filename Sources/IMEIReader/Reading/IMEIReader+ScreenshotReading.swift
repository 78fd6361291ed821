/// The batch workers drive the real reader through this protocol.
extension IMEIReader: ScreenshotReading {}
