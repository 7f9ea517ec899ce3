import PerennialCore

/// Where Perennial keeps what it knows: customers, facts, derived states and events. Every ingestion runs
/// inside one `write` (one database transaction), so a crash leaves either all of it or none of it. (The
/// word "transaction" alone names what a store sells; the ledger's unit of work is a write or a read.)
public protocol Ledger: Sendable {
    /// Runs `body` in one database transaction; commits when it returns, rolls back when it throws.
    /// Writes that lock the same subscription (`LedgerSession.lockSubscription`) run one after the other.
    func write<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerSession) async throws -> Result
    ) async throws -> Result

    /// Runs `body` as `write` does, in a transaction it may share with the writes submitted at the same time
    /// (group commit): one commit for many callers, each answered once it is done. For the busiest path,
    /// store notifications.
    func groupedWrite<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerSession) async throws -> Result
    ) async throws -> Result

    /// Runs read-only `body` against a consistent view, without taking write locks.
    func read<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerSession) async throws -> Result
    ) async throws -> Result

    /// The customer with this app user id and the stored states of the subscriptions it owns (sorted by key),
    /// read together from one consistent view; nil if the customer is unknown. The read that answers
    /// `GET /v1/customers/{id}`: one statement, without a transaction of its own, when the store allows it.
    func customerWithSubscriptions(appID: String, appUserID: String) async throws -> CustomerSnapshot?
}
