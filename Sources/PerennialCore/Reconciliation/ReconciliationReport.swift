/// What `Reconciler` found for one store report: per day it covers, what the store counted that Perennial
/// never saw, and what Perennial has that the store did not count.
public struct ReconciliationReport: Sendable, Hashable, Encodable {
    /// One day of the report.
    public struct Day: Sendable, Hashable, Encodable {
        public var day: CivilDate
        /// Units the store counted this day (sales, renewals and refunds of the compared products).
        public var storeCount: Int
        /// Units Perennial counted this day, by the same rules.
        public var perennialCount: Int
        /// What the store counted and Perennial never saw.
        public var missingFromPerennial: [ReconciliationDifference]
        /// What Perennial has and the store's report does not.
        public var missingFromStore: [ReconciliationDifference]

        /// Whether the day matches.
        public var isReconciled: Bool { missingFromPerennial.isEmpty && missingFromStore.isEmpty }

        private enum CodingKeys: String, CodingKey {
            case day, storeCount = "store_count", perennialCount = "perennial_count"
            case missingFromPerennial = "missing_from_perennial", missingFromStore = "missing_from_store"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(day.description, forKey: .day)
            try container.encode(storeCount, forKey: .storeCount)
            try container.encode(perennialCount, forKey: .perennialCount)
            try container.encode(missingFromPerennial, forKey: .missingFromPerennial)
            try container.encode(missingFromStore, forKey: .missingFromStore)
        }
    }

    /// The report compared: its format's name (`app_store_sales`).
    public var kind: String
    /// The report's store.
    public var store: Store
    /// The report's readable name.
    public var title: String
    /// The identifier of the time zone the days are in (`America/Los_Angeles`, `UTC`).
    public var timeZone: String
    /// Every day the report covers, earliest first.
    public var days: [Day]

    public init(format: any StoreReportFormat, timeZone: String, days: [Day]) {
        kind = format.id
        store = format.store
        title = format.title
        self.timeZone = timeZone
        self.days = days
    }

    /// Whether every day matches.
    public var isReconciled: Bool { days.allSatisfy(\.isReconciled) }

    /// Every difference, day by day.
    public var differences: [ReconciliationDifference] {
        days.flatMap { $0.missingFromPerennial + $0.missingFromStore }
    }

    private enum CodingKeys: String, CodingKey {
        case kind, store, timeZone = "time_zone", reconciled, days
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(store, forKey: .store)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(isReconciled, forKey: .reconciled)
        try container.encode(days, forKey: .days)
    }
}
