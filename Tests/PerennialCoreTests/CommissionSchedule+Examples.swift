import PerennialCore

/// The schedules the core's tests count with: the shapes the stores publish, named by what they keep.
extension CommissionSchedule {
    /// 30% in the first year of paid service, 15% after it (the App Store's).
    static let thirtyThenFifteen = CommissionSchedule(firstYearBasisPoints: 3000, afterFirstYearBasisPoints: 1500)
    /// 15% of every payment (Google Play's; the App Store's Small Business Program).
    static let fifteen = CommissionSchedule(firstYearBasisPoints: 1500, afterFirstYearBasisPoints: 1500)
    /// 2.9% + 30¢ per payment (Stripe's standard card fee).
    static let cardFee = CommissionSchedule.processor(basisPoints: 290, fixedFeeMinorUnits: 30)
}
