import PerennialCore
import PerennialServices

/// What `CustomerSnapshotStatement` returns, before the subscription bodies are decoded: the customer
/// (nil when there is none) and the body of each subscription it owns, in the order the rows came.
struct CustomerSnapshotRows: Sendable {
    var customer: CustomerRecord?
    var bodies: [String] = []

    /// Adds one row: the customer (the same on every row) and a subscription's body, if it has one.
    mutating func append(_ row: (customer: CustomerRecord, body: String?)) {
        customer = customer ?? row.customer
        if let body = row.body { bodies.append(body) }
    }

    /// The snapshot, with the bodies decoded and sorted by key; nil without a customer.
    func snapshot() throws -> CustomerSnapshot? {
        guard let customer else { return nil }
        let subscriptions = try bodies.map { try JSONBody.decode(SubscriptionState.self, from: $0) }
            // Sorted here, not in SQL: PostgreSQL's collation may order text differently from Swift.
            .sorted { $0.key < $1.key }
        return CustomerSnapshot(customer: customer, subscriptions: subscriptions)
    }
}
