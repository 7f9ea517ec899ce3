import PerennialCore
import PerennialServices
import PerennialStripe

/// Reads one subscription from Stripe's API as a `StripeSubscriptionSnapshot`: the subscription, its
/// invoices (at most `invoicePageLimit` pages of 100), for each invoice that collected money the charges
/// that paid it (through its invoice payments) with their refunds and, for a disputed charge, its disputes;
/// and the app user id Stripe carries for it.
///
/// For an event about a subscription whose transactions are recorded, only what can have changed is read:
/// the subscription, the invoices created since the newest recorded one, and the invoice the event was about
/// with its charges (a refund, a dispute, a late payment each come as an event about the invoice or its
/// charge). A webhook then costs a few calls whatever the subscription's age, where reading the whole
/// history cost two or more per period paid.
struct StripeSnapshotReader: Sendable {
    static let invoicePageLimit = 10

    let clock: any Clock

    /// The snapshot of `subscriptionID`, its whole history; `ownerHint` is an app user id the caller read
    /// from the API (a Checkout Session's `client_reference_id`), used when the subscription and its
    /// customer carry none.
    func snapshot(of subscriptionID: String, ownerHint: String? = nil, connection: StripeAppConnection) async throws -> StripeSubscriptionSnapshot {
        try await snapshot(of: subscriptionID, focus: nil, ownerHint: ownerHint, recorded: [], connection: connection)
    }

    /// The snapshot of `subscriptionID` for an event about it: with `recorded` (its transactions as
    /// recorded), the invoices newer than the newest recorded and `focus` (the invoice the event led to,
    /// already read) with their charges; without, the whole history.
    func snapshot(
        of subscriptionID: String, focus: StripeInvoice?, ownerHint: String?, recorded: [TransactionFact], connection: StripeAppConnection
    ) async throws -> StripeSubscriptionSnapshot {
        let client = connection.client
        let subscription = try await callingStripe { () async throws(StripeAPIError) in try await client.subscription(subscriptionID) }
        var invoices = try await self.invoices(of: subscriptionID, newerThan: Self.newest(recorded), client: client)
        let readAll = !invoices.recordedKept
        if let focus, !invoices.list.contains(where: { $0.id == focus.id }) { invoices.list.append(focus) }
        var records: [StripeInvoiceRecord] = []
        for invoice in invoices.list {
            guard invoice.status == .paid, (invoice.amountPaid ?? 0) > 0 else {
                records.append(StripeInvoiceRecord(invoice: invoice))
                continue
            }
            records.append(StripeInvoiceRecord(invoice: invoice, charges: try await charges(of: invoice, client: client)))
        }
        return StripeSubscriptionSnapshot(
            subscription: subscription, invoices: records, recorded: readAll ? [] : recorded,
            ownerAppUserID: try await owner(of: subscription, hint: ownerHint, client: client),
            observedAt: clock.now(), pastDueAccess: connection.pastDueAccess
        )
    }

    /// The newest recorded transaction's invoice: the list is read from there on.
    static func newest(_ recorded: [TransactionFact]) -> String? {
        recorded.max { ($0.purchasedAt, $0.transactionID) < ($1.purchasedAt, $1.transactionID) }?.transactionID
    }

    /// The invoices created after `cursor`, or every invoice without one or when Stripe no longer knows it
    /// (then `recordedKept` is false: the whole history was read).
    private func invoices(
        of subscriptionID: String, newerThan cursor: String?, client: StripeAPIClient
    ) async throws -> (list: [StripeInvoice], recordedKept: Bool) {
        if let cursor {
            do {
                return (try await client.invoices(subscription: subscriptionID, newerThan: cursor, pageLimit: Self.invoicePageLimit), true)
            } catch where error.code == .invalidRequest || error.code == .notFound {
                // Fall through to the whole list.
            } catch {
                throw error.perennialError
            }
        }
        let all = try await callingStripe { () async throws(StripeAPIError) in
            try await client.invoices(subscription: subscriptionID, pageLimit: Self.invoicePageLimit)
        }
        return (all, false)
    }

    /// The charges that paid an invoice, each with its disputes when it was disputed.
    private func charges(of invoice: StripeInvoice, client: StripeAPIClient) async throws -> [StripeChargeRecord] {
        let payments = try await callingStripe { () async throws(StripeAPIError) in try await client.invoicePayments(invoice: invoice.id) }
        let chargeIDs = Set(payments.filter { $0.status == "paid" }.compactMap { $0.payment?.chargeID }).sorted()
        var records: [StripeChargeRecord] = []
        for id in chargeIDs {
            let charge = try await callingStripe { () async throws(StripeAPIError) in try await client.charge(id) }
            var disputes: [StripeDispute] = []
            if charge.disputed == true {
                disputes = try await callingStripe { () async throws(StripeAPIError) in try await client.disputes(charge: id) }
            }
            records.append(StripeChargeRecord(charge: charge, disputes: disputes))
        }
        return records
    }

    /// The app user id Stripe carries for the subscription: its metadata's, else its customer's, else the
    /// hint, else the `client_reference_id` of the Checkout Session that created it. Ids that break
    /// `AppUserIDRule` are passed over.
    private func owner(of subscription: StripeSubscription, hint: String?, client: StripeAPIClient) async throws -> String? {
        if let id = Self.valid(subscription.appUserID) { return id }
        if let customerID = subscription.customer?.id {
            let customer = try await callingStripe { () async throws(StripeAPIError) in try await client.customer(customerID) }
            if let id = Self.valid(customer.appUserID) { return id }
        }
        if let id = Self.valid(hint) { return id }
        let sessions = try await callingStripe { () async throws(StripeAPIError) in try await client.checkoutSessions(subscription: subscription.id) }
        return sessions.lazy.compactMap { Self.valid($0.clientReferenceID) ?? Self.valid($0.metadata?[StripeMetadataKey.appUserID]) }.first
    }

    private static func valid(_ appUserID: String?) -> String? {
        guard let appUserID, (try? AppUserIDRule.validated(appUserID)) != nil else { return nil }
        return appUserID
    }
}
