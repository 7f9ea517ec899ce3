import Foundation
import PerennialCore
import PerennialPayPal

/// Subscriptions, plans and payments for the PayPal tests, on days counted from 2026-03-01.
enum PayPalFixtures {
    static let subscriptionID = "I-BW452GLLEP1G"
    static let monthly = "P-5ML4271244454362WXNWU5NQ"
    static let start = Instant(milliseconds: 1_772_323_200_000)  // 2026-03-01T00:00:00Z

    static func instant(day: Int) -> Instant { start.adding(milliseconds: Int64(day) * 86_400_000) }

    static func time(day: Int) -> String { instant(day: day).iso8601 }

    static func plan(trialDays: Int? = nil) -> PayPalPlan {
        var cycles = [PayPalBillingCycle(
            frequency: PayPalFrequency(intervalUnit: "MONTH", intervalCount: 1), tenureType: "REGULAR", sequence: trialDays == nil ? 1 : 2,
            totalCycles: 0, pricingScheme: PayPalPricingScheme(fixedPrice: PayPalMoney(currencyCode: "USD", value: "9.99")))]
        if let trialDays {
            cycles.insert(PayPalBillingCycle(
                frequency: PayPalFrequency(intervalUnit: "DAY", intervalCount: trialDays), tenureType: "TRIAL", sequence: 1,
                totalCycles: 1, pricingScheme: nil), at: 0)
        }
        return PayPalPlan(id: monthly, productID: "PROD-XXCD1234QWER65782", name: "Pro monthly", status: "ACTIVE", billingCycles: cycles)
    }

    static func payment(_ id: String, day: Int, status: PayPalTransactionStatus = .completed) -> PayPalTransaction {
        PayPalTransaction(
            id: id, status: status,
            amountWithBreakdown: PayPalAmountBreakdown(grossAmount: PayPalMoney(currencyCode: "USD", value: "9.99")), time: time(day: day))
    }

    static func subscription(
        _ status: PayPalSubscriptionStatus, nextBillingDay: Int? = nil, failedPayments: Int = 0, owing: String = "0.00",
        customID: String? = "rita"
    ) -> PayPalSubscription {
        PayPalSubscription(
            id: subscriptionID, planID: monthly, status: status, startTime: time(day: 0), customID: customID,
            billingInfo: PayPalBillingInfo(
                outstandingBalance: PayPalMoney(currencyCode: "USD", value: owing), nextBillingTime: nextBillingDay.map(time(day:)),
                failedPaymentsCount: failedPayments))
    }

    static func snapshot(
        _ subscription: PayPalSubscription, plan: PayPalPlan = plan(), _ payments: [PayPalTransaction], refundedAt: [String: Instant] = [:],
        observedDay: Int
    ) -> PayPalSubscriptionSnapshot {
        PayPalSubscriptionSnapshot(
            subscription: subscription, plan: plan, transactions: payments, refundedAt: refundedAt, environment: .sandbox,
            observedAt: instant(day: observedDay))
    }
}
