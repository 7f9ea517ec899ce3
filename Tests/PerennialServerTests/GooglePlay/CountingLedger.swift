import PerennialServices
import Synchronization

/// A ledger that counts the database transactions it is asked for (writes, grouped writes and reads,
/// those that fail included) before handing each to `base`.
final class CountingLedger: Ledger {
    struct Counts: Sendable, Equatable, CustomStringConvertible {
        var writes = 0
        var reads = 0

        var description: String { "\(writes) writes, \(reads) reads" }
    }

    let base: any Ledger
    private let counted = Mutex(Counts())

    init(base: any Ledger) {
        self.base = base
    }

    /// What was asked for since the last `reset()`.
    var counts: Counts { counted.withLock { $0 } }

    func reset() { counted.withLock { $0 = Counts() } }

    func write<Result: Sendable>(_ body: @escaping @Sendable (any LedgerSession) async throws -> Result) async throws -> Result {
        counted.withLock { $0.writes += 1 }
        return try await base.write(body)
    }

    func groupedWrite<Result: Sendable>(_ body: @escaping @Sendable (any LedgerSession) async throws -> Result) async throws -> Result {
        counted.withLock { $0.writes += 1 }
        return try await base.groupedWrite(body)
    }

    func read<Result: Sendable>(_ body: @escaping @Sendable (any LedgerSession) async throws -> Result) async throws -> Result {
        counted.withLock { $0.reads += 1 }
        return try await base.read(body)
    }

    func customerWithSubscriptions(appID: String, appUserID: String) async throws -> CustomerSnapshot? {
        counted.withLock { $0.reads += 1 }
        return try await base.customerWithSubscriptions(appID: appID, appUserID: appUserID)
    }
}
