import PerennialCore

extension CommissionSchedule {
    /// Stripe's standard card fee: 2.9% + 30¢ per payment.
    public static let stripeStandard = CommissionSchedule.processor(basisPoints: 290, fixedFeeMinorUnits: 30)
}
