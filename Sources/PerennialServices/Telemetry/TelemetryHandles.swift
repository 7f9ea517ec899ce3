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
        Self.handle(in: counters, family, labels) { Counter(label: family, dimensions: labels, factory: factory) }
    }

    /// The timer of `family` with these labels, made on first use.
    func timer(_ family: String, _ labels: [(String, String)]) -> CoreMetrics.Timer {
        Self.handle(in: timers, family, labels) { CoreMetrics.Timer(label: family, dimensions: labels, factory: factory) }
    }

    /// The handle kept in `handles` for the series, or the one `make` makes, kept; made outside the lock
    /// (the factory takes its own), so two first uses may both make one and the first kept wins.
    private static func handle<Handle: Sendable>(
        in handles: borrowing Mutex<[Series: Handle]>, _ family: String, _ labels: [(String, String)], make: () -> Handle
    ) -> Handle {
        let series = Series(family: family, values: labels.map(\.1))
        if let handle = handles.withLock({ $0[series] }) { return handle }
        let made = make()
        return handles.withLock { handles in
            if let handle = handles[series] { return handle }
            handles[series] = made
            return made
        }
    }
}
