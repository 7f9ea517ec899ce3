import PerennialCore
import PerennialStripe

/// Builders of Stripe objects as the API returns them, on a calendar of day numbers: day `d` is
/// `epoch + d` days, in Unix seconds.
enum StripeFixtures {
    static let epoch: Int64 = 1_790_000_000
    static let subscriptionID = "sub_test1"
    static let monthly = "price_monthly"
    static let yearly = "price_yearly"

    static func day(_ number: Int64) -> Int64 { epoch + number * 86_400 }
    static func instant(day number: Int64) -> Instant { Instant(stripeSeconds: day(number)) }

    static func subscription(
        _ status: StripeSubscriptionStatus, price: String = monthly, period: (Int64, Int64) = (0, 30), trial: (Int64, Int64)? = nil,
        cancelAtPeriodEnd: Bool = false, reason: String? = nil, endedAt: Int64? = nil, pause: StripeSubscription.PauseCollection? = nil,
        appUserID: String? = nil
    ) -> StripeSubscription {
        let item = StripeSubscriptionItem(
            id: "si_1", price: StripePrice(id: price, currency: "usd", unitAmount: 999, recurring: .init(interval: "month", intervalCount: 1)),
            currentPeriodStart: day(period.0), currentPeriodEnd: day(period.1)
        )
        var subscription = StripeSubscription(id: subscriptionID, status: status, items: [item])
        subscription.customer = StripeObjectReference(id: "cus_1")
        subscription.livemode = false
        subscription.startDate = day(trial?.0 ?? 0)
        subscription.trialStart = trial.map { day($0.0) }
        subscription.trialEnd = trial.map { day($0.1) }
        subscription.cancelAtPeriodEnd = cancelAtPeriodEnd
        subscription.cancellationDetails = reason.map { StripeSubscription.CancellationDetails(reason: $0) }
        subscription.endedAt = endedAt.map(day)
        subscription.pauseCollection = pause
        subscription.metadata = appUserID.map { [StripeMetadataKey.appUserID: $0] }
        return subscription
    }

    static func invoice(
        _ id: String, status: StripeInvoiceStatus = .paid, price: String = monthly, period: (Int64, Int64), amount: Int64 = 999,
        paidDay: Int64? = nil, proration: Bool = false, nextAttemptDay: Int64? = nil, createdDay: Int64? = nil
    ) -> StripeInvoice {
        let line = StripeInvoiceLineItem(
            id: "il_\(id)", amount: amount, currency: "usd", period: .init(start: day(period.0), end: day(period.1)),
            parent: .init(type: "subscription_item_details", subscriptionItemDetails: .init(subscription: subscriptionID, subscriptionItem: "si_1", proration: proration)),
            pricing: .init(priceDetails: .init(price: StripeObjectReference(id: price), product: "prod_1"))
        )
        var invoice = StripeInvoice(id: id, status: status, subscriptionID: subscriptionID, lines: [line])
        invoice.currency = "usd"
        invoice.total = amount
        invoice.amountPaid = status == .paid ? amount : 0
        invoice.created = day(createdDay ?? period.0)
        invoice.billingReason = proration ? "subscription_update" : "subscription_cycle"
        if status == .paid { invoice.statusTransitions = .init(paidAt: day(paidDay ?? period.0)) }
        invoice.nextPaymentAttempt = nextAttemptDay.map(day)
        return invoice
    }

    static func paidBy(_ invoice: StripeInvoice, refundedDay: Int64? = nil, dispute: (status: String, day: Int64)? = nil) -> StripeInvoiceRecord {
        var charge = StripeCharge(
            id: "ch_\(invoice.id)", amount: invoice.amountPaid, refunded: refundedDay != nil, disputed: dispute != nil,
            paymentIntent: "pi_\(invoice.id)",
            refunds: refundedDay.map { [StripeRefund(id: "re_\(invoice.id)", amount: invoice.amountPaid, created: day($0), reason: "requested_by_customer")] } ?? []
        )
        charge.created = invoice.statusTransitions?.paidAt
        let disputes = dispute.map { [StripeDispute(id: "dp_\(invoice.id)", charge: charge.id, status: $0.status, created: day($0.day))] } ?? []
        return StripeInvoiceRecord(invoice: invoice, charges: [StripeChargeRecord(charge: charge, disputes: disputes)])
    }

    static func snapshot(
        _ subscription: StripeSubscription, _ invoices: [StripeInvoiceRecord], observedDay: Int64, owner: String? = nil,
        pastDue: StripePastDueAccess = .grace
    ) -> StripeSubscriptionSnapshot {
        StripeSubscriptionSnapshot(
            subscription: subscription, invoices: invoices, ownerAppUserID: owner, observedAt: instant(day: observedDay),
            pastDueAccess: pastDue
        )
    }
}
