import PerennialCore

/// An experiment's results per arm, and what the statistics say: conversion to paid compared by the
/// beta-binomial posterior, proceeds per exposed customer by the bootstrap, nothing called before the
/// design's minimums (docs/experiments.md). A customer counts from their first exposure: a trial or paid
/// start, revenue, a refund or a renewal on or after the day of that exposure is theirs (the metrics keep
/// days, not instants).
public struct ExperimentResults: Sendable, Hashable {
    public var experiment: Experiment
    public var arms: [ExperimentArmResult]
    /// The currency of every amount: the reporting currency when the app has rates, else the one most
    /// revenue was in.
    public var currency: String?
    /// Customers with revenue in another currency that could not be converted (left out of the amounts).
    public var unconvertedCustomers: Int
    public var verdict: ExperimentVerdict
    /// The verdict in words.
    public var summary: String
    public var computedAt: Instant

    /// The windows revenue is reported over, in days.
    public static let revenueWindows = [7, 30, 90]
}
