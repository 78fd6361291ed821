import Prometheus

extension ServiceMetrics {
    private static var deepReaderAvailable: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", metricName: "deep_reader_available", unitName: "",
            helpText: "1 when the reader's deep second opinion (PP-OCR on ONNX Runtime) is loaded; 0 when it is not installed, off or failed."
        )
    }
    private static var ready: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", metricName: "ready", unitName: "",
            helpText: "1 when the last /ready check passed (database, engines, deep reader), 0 when it did not."
        )
    }

    /// Sets `activation_deep_reader_available`: 1 when the deep reader is loaded; called at start.
    func deepReader(_ status: DeepReaderStatus) {
        registry.makeGauge(descriptor: Self.deepReaderAvailable).set(to: status.isAvailable ? 1 : 0)
    }

    /// Sets `activation_ready` from a `/ready` check: 1 when every check passed.
    func readiness(_ report: ReadinessReport) {
        registry.makeGauge(descriptor: Self.ready).set(to: report.isReady ? 1 : 0)
    }
}

extension ServiceMetrics {
    private static var buildInfo: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", metricName: "build_info", unitName: "",
            helpText: "Always 1; the version of the running build in its label."
        )
    }

    /// Sets `activation_build_info{version="…"} 1` (``ProductVersion/current``).
    func buildInfo(version: String) {
        registry.makeGauge(descriptor: Self.buildInfo, labels: [("version", version)]).set(to: 1)
    }
}
