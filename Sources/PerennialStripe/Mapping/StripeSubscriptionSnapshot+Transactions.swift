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
    ///   recorded did that when it was first read (the mark stays), so only a new one looks back; a replaced
    ///   period that was recorded is given again with the mark, dated as recorded, so that it adds the mark
    ///   and takes nothing away.
    func transactions() -> [TransactionFact] {
        let read = Set(invoices.map(\.invoice.id))
        let recordedIDs = Set(recorded.map(\.transactionID))
        let paid = invoices.compactMap { record -> (StripeInvoiceRecord, StripeInvoiceLineItem, Instant)? in
            guard record.invoice.status == .paid, let line = record.subscriptionLine, let paidAt = record.paidAt else { return nil }
            return (record, line, paidAt)
        }
        // Recorded transactions not read again take their places among the paid invoices, by payment date.
        enum Entry { case read(StripeInvoiceRecord, StripeInvoiceLineItem, Instant), recorded(TransactionFact) }
        let entries = (paid.map { Entry.read($0.0, $0.1, $0.2) } + recorded.filter { !read.contains($0.transactionID) }.map(Entry.recorded))
            .map { entry -> (key: (Instant, String), entry: Entry) in
                switch entry {
                case .read(let record, _, let paidAt): ((paidAt, record.invoice.id), entry)
                case .recorded(let fact): ((fact.purchasedAt, fact.transactionID), entry)
                }
            }
            .sorted { $0.key < $1.key }
        var facts: [TransactionFact] = []
        var given: [Bool] = []
        for (_, entry) in entries {
            switch entry {
            case .recorded(let fact):
                facts.append(fact)
                given.append(false)
            case .read(let record, let line, let paidAt):
                guard let priceID = line.priceID, let period = line.period else { continue }
                var fact = transaction(of: record, productID: priceID, period: period, paidAt: paidAt)
                if record.isProductChange, !recordedIDs.contains(record.invoice.id), let replaced = facts.lastIndex(where: {
                    $0.productID != priceID && !$0.isUpgraded && ($0.expiresAt ?? $0.purchasedAt) > paidAt
                }) {
                    facts[replaced].isUpgraded = true
                    if facts[replaced].cancelledAt == nil { facts[replaced].cancelledAt = paidAt }
                    given[replaced] = true
                }
                fact.isTrialPeriod = isTrial(record, line: line)
                if fact.isTrialPeriod { fact.price = nil }
                facts.append(fact)
                given.append(true)
            }
        }
        return zip(facts, given).filter(\.1).map(\.0)
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
