import PerennialCore

extension CommissionSchedule {
    /// The App Store: 30% in a subscription's first year of paid service, 15% after it (the year counts
    /// across renewals with gaps under 60 days); 15% throughout in the Small Business Program.
    public static func appStore(smallBusinessProgram: Bool) -> CommissionSchedule {
        smallBusinessProgram
            ? CommissionSchedule(firstYearBasisPoints: 1500, afterFirstYearBasisPoints: 1500)
            : CommissionSchedule(firstYearBasisPoints: 3000, afterFirstYearBasisPoints: 1500)
    }
}
