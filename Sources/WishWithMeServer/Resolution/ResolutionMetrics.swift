import HearthServer
import Prometheus

/// What item resolution reports at `/metrics`: resolutions by outcome, how long they took,
/// and how often the headless browser had to be relaunched.
public struct ResolutionMetrics: Sendable {
    let registry: PrometheusCollectorRegistry

    private static let durationBuckets: [Duration] = [
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(5), .seconds(10),
        .seconds(20), .seconds(45), .seconds(90),
    ]

    public init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    /// `outcome` is `resolved`, `retry`, or the lower-cased failure code (`blocked_or_unavailable` …).
    func recordResolution(outcome: String, duration: Duration) {
        registry.makeCounter(
            descriptor: .init(
                namespace: "hearth", subsystem: "wishwithme", metricName: "item_resolutions", unitName: "total",
                helpText: "Item resolutions by outcome"),
            labels: [("outcome", outcome)]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: .init(
                namespace: "hearth", subsystem: "wishwithme", metricName: "item_resolution_duration", unitName: "seconds",
                helpText: "Time to look up an item's link"),
            buckets: Self.durationBuckets
        ).record(duration)
    }

    func recordBrowserRestart() {
        registry.makeCounter(
            descriptor: .init(
                namespace: "hearth", subsystem: "wishwithme", metricName: "browser_restarts", unitName: "total",
                helpText: "Headless browser relaunches after it died or stopped answering")
        ).increment()
    }
}

extension ItemResolution {
    var metricLabel: String {
        switch self {
        case .resolved: "resolved"
        case .failed(let code): code.lowercased()
        }
    }
}
