import Foundation
import PerennialCore

/// Everything Square's API said about one subscription at one instant: the subscription (with its scheduled
/// actions), its plan variation, its recent invoices, its customer's `reference_id`, and when refunds Square
/// announced happened. `facts()` translates it, purely.
public struct SquareSubscriptionSnapshot: Sendable, Hashable {
    public var subscription: SquareSubscription
    public var plan: SquarePlanVariation?
    /// The subscription's invoices that could be read, any order.
    public var invoices: [SquareInvoice]
    /// The app user id the merchant put on the Square customer (`reference_id`).
    public var owner: String?
    /// When an invoice's money went back, by invoice id, as Square's events said; a refunded invoice without
    /// one is taken as refunded when it was last updated.
    public var refundedAt: [String: Instant]
    public var environment: StoreEnvironment
    public var observedAt: Instant

    public init(
        subscription: SquareSubscription, plan: SquarePlanVariation?, invoices: [SquareInvoice], owner: String?,
        refundedAt: [String: Instant] = [:], environment: StoreEnvironment, observedAt: Instant
    ) {
        self.subscription = subscription
        self.plan = plan
        self.invoices = invoices
        self.owner = owner
        self.refundedAt = refundedAt
        self.environment = environment
        self.observedAt = observedAt
    }

    /// One Square subscription is one Perennial subscription.
    public var key: SubscriptionKey { SubscriptionKey(store: .square, id: subscription.id) }

    /// The subscription's calendar: days begin at midnight in its time zone.
    var calendar: Calendar { SquareTime.calendar(timezone: subscription.timezone) }

    /// The snapshot as facts: a transaction per paid invoice (and the free phase's), the renewal info, the
    /// owner, and each invoice id as a name of the subscription. Nothing before it starts.
    public func facts() -> FactBatch {
        guard let status = subscription.status, status != .pending else { return FactBatch() }
        let owner = owner.flatMap { $0.isEmpty ? nil : SubscriptionOwnerClaim(subscription: key, appUserID: $0) }
        return FactBatch(
            transactions: transactionFacts(), renewalInfos: renewalInfo(status: status).map { [$0] } ?? [],
            ownerClaims: owner.map { [$0] } ?? [],
            storeReferences: invoices.filter { $0.subscriptionID == subscription.id }.map { StoreReference(subscription: key, reference: $0.id) })
    }

    /// The newest invoice Square sent for the subscription.
    var newestInvoice: SquareInvoice? {
        guard let newest = subscription.invoiceIDs?.first else { return nil }
        return invoices.first { $0.id == newest }
    }

    /// Whether the newest invoice asks for money that was not collected by its due date: Square keeps such a
    /// subscription ACTIVE, and bills the next period all the same.
    var isInArrears: Bool {
        guard let invoice = newestInvoice, invoice.status?.isOwed == true else { return false }
        guard let due = SquareTime.startOfDay(invoice.dueDate, in: calendar) else { return true }
        return Instant(due) <= observedAt
    }
}
