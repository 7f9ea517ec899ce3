/// A subscription duration, as App Store Connect offers them: for a product's period, a free trial or an
/// introductory offer.
public enum SimulatorPeriod: String, Sendable, Hashable, Codable, CaseIterable {
    /// Three days (free trials and introductory offers).
    case threeDays = "three_days"
    case week
    case month
    case twoMonths = "two_months"
    case threeMonths = "three_months"
    case sixMonths = "six_months"
    case year

    /// How long the period lasts in Apple's sandbox, in minutes: 3 days → 2, 1 week → 3, 1 month → 5,
    /// 2 months → 10, 3 months → 15, 6 months → 30, 1 year → 60.
    public var sandboxMinutes: Int64 {
        switch self {
        case .threeDays: 2
        case .week: 3
        case .month: 5
        case .twoMonths: 10
        case .threeMonths: 15
        case .sixMonths: 30
        case .year: 60
        }
    }

    /// The duration in ISO 8601 (`P3D`, `P1W`, `P1M`, `P2M`, `P3M`, `P6M`, `P1Y`), as `offerPeriod` writes it.
    public var iso8601: String {
        let (count, unit) = isoComponents
        return "P\(count)\(unit)"
    }

    /// The duration as a count of ISO 8601 units: days, weeks, months or years.
    var isoComponents: (count: Int, unit: String) {
        switch self {
        case .threeDays: (3, "D")
        case .week: (1, "W")
        case .month: (1, "M")
        case .twoMonths: (2, "M")
        case .threeMonths: (3, "M")
        case .sixMonths: (6, "M")
        case .year: (1, "Y")
        }
    }

    /// The real duration as calendar units: days, or months.
    var calendarAmount: (days: Int, months: Int) {
        switch self {
        case .threeDays: (3, 0)
        case .week: (7, 0)
        case .month: (0, 1)
        case .twoMonths: (0, 2)
        case .threeMonths: (0, 3)
        case .sixMonths: (0, 6)
        case .year: (0, 12)
        }
    }
}
