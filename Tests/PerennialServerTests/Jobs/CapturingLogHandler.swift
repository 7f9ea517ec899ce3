import Logging
import Synchronization

/// A log handler that keeps every entry, for tests that check what is logged.
struct CapturingLogHandler: LogHandler {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    /// The entries, shared by every copy of the handler.
    final class Store: Sendable {
        private let entries = Mutex<[Entry]>([])
        func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
        var all: [Entry] { entries.withLock { $0 } }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    /// A logger writing into `store`.
    static func logger(_ store: Store) -> Logger {
        Logger(label: "captured") { _ in CapturingLogHandler(store: store) }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        store.append(Entry(level: event.level, message: event.message.description, metadata: merged.mapValues { "\($0)" }))
    }
}
