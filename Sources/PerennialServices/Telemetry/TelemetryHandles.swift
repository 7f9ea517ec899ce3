import CoreMetrics
import Synchronization

/// The counters and timers a `Telemetry` made, kept by family and label values, so that recording costs a
/// dictionary lookup under a lock: making one through the factory validates its name and labels and
/// takes the registry's lock each time, which cost a request tens of microseconds.
final class TelemetryHandles: Sendable {
    private struct Series: Hashable {
        var family: String
        var values: [String]
    }

    private let factory: any MetricsFactory
    private let counters = Mutex<[Series: Counter]>([:])
    private let timers = Mutex<[Series: CoreMetrics.Timer]>([:])

    init(factory: any MetricsFactory) {
        self.factory = factory
    }

    /// The counter of `family` with these labels, made on first use.
    func counter(_ family: String, _ labels: [(String, String)]) -> Counter {
        let series = Series(family: family, values: labels.map(\.1))
        if let counter = counters.withLock({ $0[series] }) { return counter }
        let made = Counter(label: family, dimensions: labels, factory: factory)
        return counters.withLock { counters in
            if let counter = counters[series] { return counter }
            counters[series] = made
            return made
        }
    }

    /// The timer of `family` with these labels, made on first use.
    func timer(_ family: String, _ labels: [(String, String)]) -> CoreMetrics.Timer {
        let series = Series(family: family, values: labels.map(\.1))
        if let timer = timers.withLock({ $0[series] }) { return timer }
        let made = CoreMetrics.Timer(label: family, dimensions: labels, factory: factory)
        return timers.withLock { timers in
            if let timer = timers[series] { return timer }
            timers[series] = made
            return made
        }
    }
}
