/// How a metric's series is cut: by UTC day, ISO week (Monday to Sunday) or calendar month.
public enum MetricInterval: String, Sendable, Hashable, CaseIterable {
    case day, week, month

    /// The buckets that cover `from` through `through`, each as its first and last day; the first bucket
    /// starts on the one holding `from`. Empty when the range is reversed.
    public func buckets(from: CivilDate, through: CivilDate) -> [(start: CivilDate, end: CivilDate)] {
        guard from <= through else { return [] }
        var buckets: [(start: CivilDate, end: CivilDate)] = []
        var start = bucketStart(of: from)
        while start <= through {
            let next = following(start)
            buckets.append((start, next.adding(days: -1)))
            start = next
        }
        return buckets
    }

    /// The buckets of `buckets(from:through:)` with the first starting on `from` and the last ending on
    /// `through`: a series' points count only the days asked for, not the rest of a partial week or month.
    public func clippedBuckets(from: CivilDate, through: CivilDate) -> [(start: CivilDate, end: CivilDate)] {
        var buckets = buckets(from: from, through: through)
        guard !buckets.isEmpty else { return [] }
        buckets[0].start = from
        buckets[buckets.count - 1].end = through
        return buckets
    }

    /// The first day of the bucket holding `date`.
    func bucketStart(of date: CivilDate) -> CivilDate {
        switch self {
        case .day: date
        case .week: date.adding(days: -((date.weekday.rawValue + 6) % 7))
        case .month: CivilDate(year: date.year, month: date.month, day: 1) ?? date
        }
    }

    /// The first day of the next bucket.
    private func following(_ start: CivilDate) -> CivilDate {
        switch self {
        case .day: start.adding(days: 1)
        case .week: start.adding(days: 7)
        case .month: start.lastDayOfMonth.adding(days: 1)
        }
    }
}
