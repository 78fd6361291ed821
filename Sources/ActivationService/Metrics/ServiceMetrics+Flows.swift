import ActivationFlows
import ActivationPipeline
import Prometheus

extension ServiceMetrics {
    private static var flowSteps: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "flow", metricName: "steps", unitName: "total",
            helpText: "Steps of the stored flows, by flow (activation, enrollment), step and outcome (applied, refused)."
        )
    }
    private static var riskDecisions: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "risk", metricName: "decisions", unitName: "total",
            helpText: "Risk assessments of read device IDs, by decision (allow, review, deny)."
        )
    }
    private static var readingChannels: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "activation", subsystem: "imei", metricName: "channels", unitName: "total",
            helpText: "IMEIs read, by each channel that read them (text, deep, barcode); an IMEI read by two counts in both."
        )
    }

    /// Counts one step of a stored flow; `step` is the name of a known step (a bounded set).
    func flowStep(flow: String, step: String, refused: Bool) {
        registry.makeCounter(
            descriptor: Self.flowSteps, labels: [("flow", flow), ("step", step), ("outcome", refused ? "refused" : "applied")]
        ).increment()
    }

    /// Counts one risk decision.
    func riskDecision(_ decision: RiskDecision) {
        registry.makeCounter(descriptor: Self.riskDecisions, labels: [("decision", decision.rawValue)]).increment()
    }

    /// Counts the channels of each IMEI of a reading.
    func readingChannels(_ readings: [IMEIReading]) {
        for reading in readings {
            for channel in reading.channels where Self.channels.contains(channel) {
                registry.makeCounter(descriptor: Self.readingChannels, labels: [("channel", channel)]).increment()
            }
        }
    }

    /// The channels a reading may name.
    static let channels = [IMEIReading.text, IMEIReading.deep, IMEIReading.barcode]

    /// The reasons `activation_pool_rejections_total` counts.
    static let rejectionReasons = [
        "busy", "client_share", "timeout", "shutting_down", "upload_budget", "header_timeout", "body_timeout", "connections",
        "flow_store",
    ]

    /// Creates every counter whose label values are known at start, at zero, so that a rate over
    /// them is defined from the first scrape (a series that appears only with its first event
    /// hides that event from `rate()`).
    func startAtZero() {
        for reason in Self.rejectionReasons {
            _ = registry.makeCounter(descriptor: Self.rejections, labels: [("reason", reason)])
        }
        for code in ["ok", "4001", "4005", "4006"] {
            _ = registry.makeCounter(descriptor: Self.imeiResults, labels: [("code", code)])
        }
        for verdict in ["pass", "fail"] {
            _ = registry.makeCounter(descriptor: Self.kycVerdicts, labels: [("verdict", verdict)])
        }
        for decision in RiskDecision.allCases {
            _ = registry.makeCounter(descriptor: Self.riskDecisions, labels: [("decision", decision.rawValue)])
        }
        for channel in Self.channels {
            _ = registry.makeCounter(descriptor: Self.readingChannels, labels: [("channel", channel)])
        }
        for outcome in ["applied", "refused"] {
            for step in ActivationMachine.Event.Kind.allCases {
                _ = registry.makeCounter(
                    descriptor: Self.flowSteps, labels: [("flow", "activation"), ("step", step.rawValue), ("outcome", outcome)]
                )
            }
            for step in EnrollmentStep.Name.allCases {
                _ = registry.makeCounter(
                    descriptor: Self.flowSteps, labels: [("flow", "enrollment"), ("step", step.rawValue), ("outcome", outcome)]
                )
            }
        }
    }
}
