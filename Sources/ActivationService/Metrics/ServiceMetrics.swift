public import Prometheus

/// The service's Prometheus metrics, in a registry of its own (no global bootstrap), so that
/// every application, and every test, counts alone.
///
/// Thread-safe: the registry and its metrics lock internally. Label values come from small
/// fixed sets (route templates, methods, statuses, stable codes), never from request data.
public struct ServiceMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry

    /// Latency buckets, in seconds: from a health check to a slow KYC run.
    static let latencyBuckets: [Duration] = [
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
        .seconds(10), .seconds(30),
    ]

    private static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "http", metricName: "requests", unitName: "total",
            helpText: "HTTP requests answered, by route template, method and status."
        )
    }
    private static var duration: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "http", metricName: "request_duration", unitName: "seconds",
            helpText: "Time from request head to response, by route template, method and status."
        )
    }
    static var imeiResults: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "imei", metricName: "results", unitName: "total",
            helpText: "IMEI reads by result: ok, or the SDK error code (4001, 4005, ...)."
        )
    }
    static var kycVerdicts: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "kyc", metricName: "verdicts", unitName: "total",
            helpText: "KYC pre-validations by overall verdict."
        )
    }
    private static var kycErrors: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "kyc", metricName: "errors", unitName: "total",
            helpText: "Error codes found in KYC reports."
        )
    }
    static var rejections: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "pool", metricName: "rejections", unitName: "total",
            helpText: "Requests and connections turned away, by reason (busy, client_share, timeout, shutting_down, upload_budget, header_timeout, body_timeout, connections, flow_store)."
        )
    }
    private static var inFlight: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "pool", metricName: "in_flight", unitName: "jobs",
            helpText: "Jobs reserved, queued or running on the worker pool."
        )
    }
    private static var queued: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "pool", metricName: "queued", unitName: "jobs",
            helpText: "Jobs waiting for a worker."
        )
    }
    private static var capacity: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "pool", metricName: "capacity", unitName: "jobs",
            helpText: "The most jobs the pool holds: workers plus queue depth."
        )
    }

    private static var uploads: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "http", metricName: "in_flight", unitName: "uploads",
            helpText: "Request bodies being read now."
        )
    }
    private static var uploadBytes: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "http", metricName: "upload_in_flight", unitName: "bytes",
            helpText: "Bytes held by the request bodies being read now."
        )
    }
    private static var connectionsOpen: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "http", metricName: "open", unitName: "connections",
            helpText: "Connections open now."
        )
    }
    private static var connectionsLimit: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "http", metricName: "max", unitName: "connections",
            helpText: "The most connections open at once (--max-connections)."
        )
    }

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    /// Counts one answered request and its latency.
    func request(route: String, method: String, status: Int, duration: Duration) {
        let labels = [("route", route), ("method", method), ("status", String(status))]
        registry.makeCounter(descriptor: Self.requests, labels: labels).increment()
        registry.makeDurationHistogram(descriptor: Self.duration, labels: labels, buckets: Self.latencyBuckets)
            .record(duration)
    }

    /// Counts one IMEI read: `ok` or the SDK code.
    func imeiResult(code: Int?) {
        let label = code.map(String.init) ?? "ok"
        registry.makeCounter(descriptor: Self.imeiResults, labels: [("code", label)]).increment()
    }

    /// Counts one KYC verdict and the error codes of its report.
    func kycVerdict(_ verdict: String?, errorCodes: [String]) {
        let label = verdict.map { KYCResponse.isCode($0.uppercased()) ? $0.lowercased() : "other" } ?? "none"
        registry.makeCounter(descriptor: Self.kycVerdicts, labels: [("verdict", label)]).increment()
        for code in errorCodes {
            registry.makeCounter(descriptor: Self.kycErrors, labels: [("code", code)]).increment()
        }
    }

    /// Counts one request turned away by the pool or the deadline.
    func rejection(_ reason: String) {
        registry.makeCounter(descriptor: Self.rejections, labels: [("reason", reason)]).increment()
    }

    /// Sets the pool gauges; called just before each scrape.
    func pool(inFlight: Int, queued: Int, capacity: Int) {
        registry.makeGauge(descriptor: Self.inFlight, labels: [("pool", "engines")]).set(to: Double(inFlight))
        registry.makeGauge(descriptor: Self.queued, labels: [("pool", "engines")]).set(to: Double(queued))
        registry.makeGauge(descriptor: Self.capacity, labels: [("pool", "engines")]).set(to: Double(capacity))
    }

    /// Sets the upload gauges; called just before each scrape.
    func uploads(inFlight: Int, bytes: Int) {
        registry.makeGauge(descriptor: Self.uploads).set(to: Double(inFlight))
        registry.makeGauge(descriptor: Self.uploadBytes).set(to: Double(bytes))
    }

    /// Sets the connection gauges; called just before each scrape.
    func connections(open: Int, limit: Int) {
        registry.makeGauge(descriptor: Self.connectionsOpen).set(to: Double(open))
        registry.makeGauge(descriptor: Self.connectionsLimit).set(to: Double(limit))
    }

    /// The whole registry in Prometheus' text format (0.0.4), then the process' own series
    /// (``ProcessMetrics``, read from `/proc` now).
    func render() -> [UInt8] {
        registry.emitToBuffer() + ProcessMetrics.read().exposition()
    }
}
