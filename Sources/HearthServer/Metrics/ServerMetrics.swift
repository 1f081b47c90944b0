import Prometheus

/// The Prometheus registry of one server and the few metrics the platform records.
/// Owned by the server (no global metrics system), rendered at `/metrics`.
public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry

    private static let durationBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
    ]

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let labels = [("method", method), ("route", route), ("status", String(status))]
        registry.makeCounter(
            descriptor: .init(namespace: "hearth", metricName: "http_requests", unitName: "total", helpText: "HTTP requests answered"),
            labels: labels
        ).increment()
        registry.makeDurationHistogram(
            descriptor: .init(namespace: "hearth", metricName: "http_request_duration", unitName: "seconds", helpText: "Time to answer HTTP requests"),
            labels: [("method", method), ("route", route)], buckets: Self.durationBuckets
        ).record(duration)
    }

    func recordJob(kind: String, outcome: String) {
        registry.makeCounter(
            descriptor: .init(namespace: "hearth", metricName: "jobs", unitName: "total", helpText: "Background jobs run, by outcome"),
            labels: [("kind", kind), ("outcome", outcome)]
        ).increment()
    }

    func recordRealtimeSubscribers(_ count: Int) {
        registry.makeGauge(
            descriptor: .init(namespace: "hearth", metricName: "realtime_subscribers", unitName: "count", helpText: "Open sync event streams")
        ).set(Double(count))
    }

    /// The text exposition format.
    public func render() -> String { registry.emitToString() }
}
