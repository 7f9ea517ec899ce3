import PerennialCore

/// Where Perennial keeps what it knows: customers, facts, derived states and events. Every ingestion runs
/// inside one `transaction`, so a crash leaves either all of it or none of it.
public protocol Ledger: Sendable {
    /// Runs `body` in one database transaction; commits when it returns, rolls back when it throws.
    /// Transactions that lock the same subscription (`LedgerTransaction.lockSubscription`) run one after
    /// the other.
    func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerTransaction) async throws -> Result
    ) async throws -> Result

    /// Runs read-only `body` against a consistent view, without taking write locks.
    func read<Result: Sendable>(
        _ body: @escaping @Sendable (any LedgerTransaction) async throws -> Result
    ) async throws -> Result

    /// The customer with this app user id and the stored states of the subscriptions it owns (sorted by key),
    /// read together from one consistent view; nil if the customer is unknown. The read that answers
    /// `GET /v1/customers/{id}`: one statement, without a transaction of its own, when the store allows it.
    func customerWithSubscriptions(appID: String, appUserID: String) async throws -> CustomerSnapshot?
}
