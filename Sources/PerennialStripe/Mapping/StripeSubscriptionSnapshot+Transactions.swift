import PerennialCore

extension StripeSubscriptionSnapshot {
    /// How close a trial invoice's period must start to the subscription's `trial_start`.
    static let tolerance: Int64 = 60_000

    /// One transaction per paid invoice read, oldest first, and the recorded transactions a new invoice
    /// changed. Translates, never decides:
    ///
    /// - The transaction id is the invoice id; the product is the price of the invoice's subscription line
    ///   (catalog products of Stripe are named by their price ids); it was bought when the invoice was paid
    ///   and paid for the line's period. The price is what the invoice collected, in ISO minor units.
    /// - A $0 invoice whose period starts at the subscription's `trial_start` is the free trial.
    /// - An invoice refunded in full, or whose charge was lost in a dispute, is cancelled then.
    /// - An invoice of prorations only (a change of price invoiced at once) starts the new price: the
    ///   period it replaces is marked upgraded and cancelled when the change was paid. An invoice already
    ///   recorded did that when it was first read, so only a new one looks back; a replaced period that was
    ///   recorded is given again with the mark, dated as recorded, so that it adds the mark and takes nothing
    ///   away; and one read again keeps it (`replacement(of:)`), since its newer copy decides its end.
    func transactions() -> [TransactionFact] {
        let read = Set(invoices.map(\.invoice.id))
        let recordedByID = Dictionary(recorded.map { ($0.transactionID, $0) }, uniquingKeysWith: { first, _ in first })
        // Recorded transactions not read again take their places among the paid invoices, by payment date.
        let entries = (invoices.compactMap(Entry.init(paid:)) + recorded.filter { !read.contains($0.transactionID) }.map(Entry.recorded))
            .sorted { $0.order < $1.order }
        var facts: [(fact: TransactionFact, given: Bool)] = []
        for entry in entries {
            switch entry {
            case .recorded(let fact):
                facts.append((fact, false))
            case .read(let record, let line, let paidAt):
                guard let priceID = line.priceID, let period = line.period else { continue }
                var fact = transaction(of: record, productID: priceID, period: period, paidAt: paidAt)
                if let stored = recordedByID[record.invoice.id] {
                    if stored.isUpgraded { keepUpgrade(of: &fact, replacedAt: replacement(of: stored)?.purchasedAt ?? stored.cancelledAt) }
                } else if record.isProductChange, let replaced = facts.lastIndex(where: {
                    $0.fact.productID != priceID && !$0.fact.isUpgraded && ($0.fact.expiresAt ?? $0.fact.purchasedAt) > paidAt
                }) {
                    keepUpgrade(of: &facts[replaced].fact, replacedAt: paidAt)
                    facts[replaced].given = true
                }
                fact.isTrialPeriod = isTrial(record, line: line)
                if fact.isTrialPeriod { fact.price = nil }
                facts.append((fact, true))
            }
        }
        return facts.filter(\.given).map(\.fact)
    }

    /// A paid invoice read, or a transaction recorded from an earlier read, in payment order.
    private enum Entry {
        case read(StripeInvoiceRecord, StripeInvoiceLineItem, Instant)
        case recorded(TransactionFact)

        init?(paid record: StripeInvoiceRecord) {
            guard record.invoice.status == .paid, let line = record.subscriptionLine, let paidAt = record.paidAt else { return nil }
            self = .read(record, line, paidAt)
        }

        var order: (Instant, String) {
            switch self {
            case .read(let record, _, let paidAt): (paidAt, record.invoice.id)
            case .recorded(let fact): (fact.purchasedAt, fact.transactionID)
            }
        }
    }

    /// Marks a period replaced by a change of price paid at `replacedAt`, which ends it unless its money went
    /// back before.
    private func keepUpgrade(of fact: inout TransactionFact, replacedAt: Instant?) {
        fact.isUpgraded = true
        if fact.cancelledAt == nil { fact.cancelledAt = replacedAt }
    }

    /// The recorded period that replaced `stored`, a period recorded as upgraded: the first paid during it for
    /// another price. A period read again keeps its mark (an event about an old invoice reads it without the
    /// change that replaced it), dated by its replacement.
    private func replacement(of stored: TransactionFact) -> TransactionFact? {
        recorded.filter {
            $0.productID != stored.productID && $0.purchasedAt > stored.purchasedAt && $0.purchasedAt < (stored.expiresAt ?? stored.purchasedAt)
        }.min { ($0.purchasedAt, $0.transactionID) < ($1.purchasedAt, $1.transactionID) }
    }

    private func transaction(of record: StripeInvoiceRecord, productID: String, period: StripeInvoiceLineItem.Period, paidAt: Instant) -> TransactionFact {
        var fact = TransactionFact(
            store: .stripe, environment: environment, transactionID: record.invoice.id, subscriptionID: subscription.id,
            productID: productID, purchasedAt: paidAt, originalPurchasedAt: subscription.startDate.map(Instant.init(stripeSeconds:)),
            expiresAt: Instant(stripeSeconds: period.end), observedAt: observedAt
        )
        if let amount = record.invoice.amountPaid, let currency = record.invoice.currency {
            fact.price = Money(stripeAmount: amount, currency: currency)
            if let taxes = record.invoice.totalTaxes, !taxes.isEmpty {
                fact.tax = Money(stripeAmount: taxes.reduce(0) { $0 + $1.amount }, currency: currency)
            }
        }
        if let revocation = record.revocation {
            fact.cancelledAt = revocation.at
            fact.cancellationReason = revocation.reason
        }
        return fact
    }

    /// A $0 invoice for a whole period starting when the subscription's trial started.
    private func isTrial(_ record: StripeInvoiceRecord, line: StripeInvoiceLineItem) -> Bool {
        guard let trialStart = subscription.trialStart, let period = line.period, !line.isProration,
              (record.invoice.total ?? record.invoice.amountPaid ?? 0) == 0
        else { return false }
        return abs(Instant(stripeSeconds: period.start).milliseconds - Instant(stripeSeconds: trialStart).milliseconds) <= Self.tolerance
    }
}
