import PerennialCore

/// A Stripe account's payout schedule is its payout rule; a manual one pays nothing by itself.
extension StripePayoutSchedule: PayoutRule {
    public func payment(forRevenueOn date: CivilDate) -> StorePayment? {
        guard interval != .manual else { return nil }
        let available = availableDate(ofChargeOn: date)
        guard let payday = (0...62).lazy.map({ available.adding(days: $0) }).first(where: isPayoutDay) else { return nil }
        return (try? payouts(from: payday, through: payday))?.first
    }
}
