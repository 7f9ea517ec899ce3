import PerennialCore

/// A ledger whose every committed write makes the process's `CustomerViewCache` stale, after the commit and
/// before the writer goes on: no reader can keep what the write changed. When other processes keep caches
/// too (`requiresListener`), each write also announces itself to them, delivered once it commits.
public struct CacheInvalidatingLedger: Ledger {
    let base: any Ledger
    let cache: CustomerViewCache

    public init(_ base: any Ledger, cache: CustomerViewCache) {
        self.base = base
        self.cache = cache
    }

    public func write<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerSession) async throws -> Result
    ) async throws -> Result {
        try await invalidating { try await base.write(announcing(body)) }
    }

    public func groupedWrite<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerSession) async throws -> Result
    ) async throws -> Result {
        try await invalidating { try await base.groupedWrite(announcing(body)) }
    }

    /// Runs a write, then makes the cache stale (once it committed, before the writer goes on).
    private func invalidating<Result>(_ write: () async throws -> Result) async throws -> Result {
        let result = try await write()
        cache.invalidateAll()
        return result
    }

    /// `body`, then the announcement to other processes' caches, in the same transaction.
    private func announcing<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerSession) async throws -> Result
    ) -> @Sendable (any LedgerSession) async throws -> Result {
        guard cache.requiresListener else { return body }
        return { session in
            let result = try await body(session)
            try await session.announceCustomerChange()
            return result
        }
    }

    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerSession) async throws -> Result
    ) async throws -> Result {
        try await base.read(body)
    }

    public func customerWithSubscriptions(appID: String, appUserID: String) async throws -> CustomerSnapshot? {
        try await base.customerWithSubscriptions(appID: appID, appUserID: appUserID)
    }
}
