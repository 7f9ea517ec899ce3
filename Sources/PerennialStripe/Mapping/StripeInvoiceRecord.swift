import PerennialCore

/// An invoice of a subscription with the charges that paid it, as read from the API.
public struct StripeInvoiceRecord: Sendable, Hashable {
    public var invoice: StripeInvoice
    public var charges: [StripeChargeRecord]

    public init(invoice: StripeInvoice, charges: [StripeChargeRecord] = []) {
        self.invoice = invoice
        self.charges = charges
    }

    /// The invoice's money gone back: every charge that paid it refunded in full or lost in a dispute, at
    /// the latest of those instants. Nil when no charge paid it (a $0 invoice, a payment outside Stripe).
    public var revocation: StripeRevocation? {
        guard !charges.isEmpty else { return nil }
        let each = charges.map(\.revocation)
        guard each.allSatisfy({ $0 != nil }) else { return nil }
        return each.compactMap { $0 }.max { ($0.at, $0.reason) < ($1.at, $1.reason) }
    }

    /// The line that says what the invoice paid for: the subscription line of a whole period with the latest
    /// end; for an invoice of prorations only (a mid-period change invoiced at once), the charged proration
    /// with the latest end, which names the new price.
    public var subscriptionLine: StripeInvoiceLineItem? {
        let lines = (invoice.lines?.data ?? []).filter { $0.isSubscriptionLine && $0.period != nil && $0.priceID != nil }
        let byEnd: (StripeInvoiceLineItem, StripeInvoiceLineItem) -> Bool = {
            ($0.period?.end ?? 0, $0.id) < ($1.period?.end ?? 0, $1.id)
        }
        if let whole = lines.filter({ !$0.isProration }).max(by: byEnd) { return whole }
        return lines.filter { $0.isProration && ($0.amount ?? 0) > 0 }.max(by: byEnd)
    }

    /// Whether the invoice charged a product change mid-period (its line is a proration).
    public var isProductChange: Bool { subscriptionLine?.isProration == true }

    /// When the invoice was paid: `status_transitions.paid_at`, else its creation.
    public var paidAt: Instant? {
        (invoice.statusTransitions?.paidAt ?? invoice.created).map(Instant.init(stripeSeconds:))
    }
}
