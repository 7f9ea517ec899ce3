import Foundation
import PerennialCore
import PerennialSquare

/// Subscriptions, plans and invoices for the Square tests, on days counted from 2026-03-01 (UTC).
enum SquareFixtures {
    static let subscriptionID = "8151fc89-da15-4eb9-a685-1a70883cebfc"
    static let monthly = "6JHXF3B2CW3YKHDV4XEM674H"
    static let start = Instant(milliseconds: 1_772_323_200_000)  // 2026-03-01T00:00:00Z

    static func instant(day: Int) -> Instant { start.adding(milliseconds: Int64(day) * 86_400_000) }

    /// `YYYY-MM-DD` of a day, in UTC.
    static func date(day: Int) -> String { String(instant(day: day).iso8601.prefix(10)) }

    static func plan(trialDays: Int? = nil) -> SquarePlanVariation {
        var phases = [SquarePhase(
            cadence: .monthly, periods: nil, ordinal: trialDays == nil ? 0 : 1,
            pricing: SquarePricing(type: "STATIC", priceMoney: SquareMoney(amount: 999, currency: "USD")))]
        if let trialDays {
            phases.insert(SquarePhase(cadence: .daily, periods: trialDays, ordinal: 0, pricing: SquarePricing(type: "STATIC", priceMoney: SquareMoney(amount: 0, currency: "USD"))), at: 0)
        }
        return SquarePlanVariation(id: monthly, name: "Pro monthly", phases: phases)
    }

    static func invoice(_ id: String, day: Int, _ status: SquareInvoiceStatus = .paid, updatedDay: Int? = nil) -> SquareInvoice {
        SquareInvoice(
            id: id, status: status, subscriptionID: subscriptionID, saleOrServiceDate: date(day: day),
            paymentRequests: [SquarePaymentRequest(dueDate: date(day: day), computedAmountMoney: SquareMoney(amount: 999, currency: "USD"))],
            createdAt: instant(day: day).iso8601, updatedAt: instant(day: updatedDay ?? day).iso8601)
    }

    /// A subscription whose invoices are `invoices` (newest first, as Square lists them).
    static func subscription(
        _ status: SquareSubscriptionStatus, invoices: [SquareInvoice], chargedThroughDay: Int? = nil, canceledDay: Int? = nil,
        actions: [SquareSubscriptionAction]? = nil
    ) -> SquareSubscription {
        SquareSubscription(
            id: subscriptionID, planVariationID: monthly, customerID: "CUSTOMER-1", startDate: date(day: 0), canceledDate: canceledDay.map(date(day:)),
            chargedThroughDate: chargedThroughDay.map(date(day:)), status: status, invoiceIDs: invoices.map(\.id).reversed(),
            createdAt: instant(day: 0).iso8601, timezone: "UTC", actions: actions)
    }

    static func snapshot(
        _ status: SquareSubscriptionStatus, _ invoices: [SquareInvoice], chargedThroughDay: Int? = nil, canceledDay: Int? = nil,
        actions: [SquareSubscriptionAction]? = nil, plan: SquarePlanVariation = plan(), refundedAt: [String: Instant] = [:], observedDay: Int
    ) -> SquareSubscriptionSnapshot {
        SquareSubscriptionSnapshot(
            subscription: subscription(status, invoices: invoices, chargedThroughDay: chargedThroughDay, canceledDay: canceledDay, actions: actions),
            plan: plan, invoices: invoices, owner: "sam", refundedAt: refundedAt, environment: .sandbox, observedAt: instant(day: observedDay))
    }
}
