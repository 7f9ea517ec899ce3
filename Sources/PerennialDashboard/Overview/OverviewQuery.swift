import Hummingbird
import PerennialCore
import PerennialServices

/// A page's range and filters, from its form: `from` and `to` (YYYY-MM-DD, the last 30 UTC days by
/// default), `environment`, and `store`, `product`, `country` (empty: all).
struct OverviewQuery: Sendable {
    /// The longest range the overview draws (ten years).
    static let maximumDays = 3_660

    var from: CivilDate
    var to: CivilDate
    var filters: MetricFilters

    init(from: CivilDate, to: CivilDate, filters: MetricFilters) {
        self.from = from
        self.to = to
        self.filters = filters
    }

    /// - Parameter defaultDays: the range's length when the form gives no `from`.
    init(_ request: Request, today: CivilDate, defaultDays: Int = 30) throws {
        let query = request.uri.queryParameters
        func text(_ name: String) -> String? {
            guard let value = query.get(name)?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            return value
        }
        let to = try text("to").map { try Self.date($0, "to") } ?? today
        let from = try text("from").map { try Self.date($0, "from") } ?? to.adding(days: 1 - defaultDays)
        guard from <= to, to.days(since: from) < Self.maximumDays else {
            throw PerennialError(.invalidDateRange, "the range must run forwards and span at most ten years")
        }
        guard let environment = StoreEnvironment(rawValue: text("environment") ?? "production") else {
            throw PerennialError(.badRequest, "environment must be production, sandbox or xcode")
        }
        let store = try text("store").map { name -> Store in
            guard let store = Store(rawValue: name) else { throw PerennialError(.badRequest, "store: no store is called \(name)") }
            return store
        }
        for name in ["product", "country"] {
            if let value = text(name), value.count > 200 || value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw PerennialError(.badRequest, "\(name) must be 1 to 200 printable characters")
            }
        }
        self.from = from
        self.to = to
        filters = MetricFilters(environment: environment, store: store, productID: text("product"), country: text("country"))
    }

    /// The buckets a chart of the range is drawn with: days up to three months, then weeks, then months.
    var interval: MetricInterval {
        let days = to.days(since: from) + 1
        return days <= 92 ? .day : days <= 730 ? .week : .month
    }

    /// The query string that keeps the range and filters on another page.
    var queryString: String {
        var parts = ["from=\(from)", "to=\(to)"]
        if filters.environment != .production { parts.append("environment=\(filters.environment.rawValue)") }
        if let store = filters.store { parts.append("store=\(DashboardPaths.query(store.rawValue))") }
        if let product = filters.productID { parts.append("product=\(DashboardPaths.query(product))") }
        if let country = filters.country { parts.append("country=\(DashboardPaths.query(country))") }
        return parts.joined(separator: "&")
    }

    private static func date(_ text: String, _ name: String) throws -> CivilDate {
        guard let date = CivilDate(iso: text) else { throw PerennialError(.invalidDateRange, "\(name) must be a date as YYYY-MM-DD") }
        return date
    }
}
