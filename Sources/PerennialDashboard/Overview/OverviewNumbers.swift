import PerennialCore
import PerennialServices

/// The overview's figures and charts for an app over a range, read from the metric rollups: one grouped
/// query per metric (`MetricsService.series`), whatever the number of customers.
struct OverviewNumbers: Sendable {
    var figures: [OverviewFigure] = []
    var charts: [OverviewChart] = []

    typealias Points = [SubscriptionMetrics.Point]

    /// The six series it reads are asked for at once: on PostgreSQL each on a connection of its own, on
    /// SQLite each on a reader.
    static func load(
        metrics: MetricsService, app: AppSettings, query: OverviewQuery, explainBase: String?
    ) async throws -> OverviewNumbers {
        @Sendable func series(_ name: String) async throws -> Points {
            try await metrics.series(
                app: app, name: name, from: query.from, through: query.to, interval: query.interval, filters: query.filters) ?? []
        }
        async let activeSeries = series("active_subscriptions"), mrrSeries = series("mrr")
        async let newSeries = series("new_subscriptions"), revenueSeries = series("revenue")
        async let churnSeries = series("churn"), billingSeries = series("billing")
        let active = try await activeSeries, mrr = try await mrrSeries, newSubscriptions = try await newSeries
        let revenue = try await revenueSeries, churn = try await churnSeries, billing = try await billingSeries
        var numbers = OverviewNumbers()
        func explain(_ metric: String) -> String? {
            explainBase.map { "\($0)/metrics/\(metric)/explain?\(query.queryString)" }
        }
        func count(_ label: String, _ metric: String, _ key: String, _ points: Points, stock: Bool) {
            let value = stock ? last(points, key) : sum(points, key)
            numbers.figures.append(OverviewFigure(
                label: label, metric: metric, key: key, kind: stock ? "stock" : "flow", value: value, text: CountText.count(value),
                explain: explain(metric)))
        }
        func money(_ label: String, _ metric: String, _ key: String, currency: String, _ points: Points, stock: Bool) {
            let value = stock ? last(points, key) : sum(points, key)
            let amount = MoneyText(minorUnits: value, currency: currency)
            numbers.figures.append(OverviewFigure(
                label: label, metric: metric, key: key, kind: stock ? "stock" : "flow", value: value, text: amount.text, money: amount,
                explain: explain(metric)))
        }
        func rate(_ label: String, _ metric: String, part: Int64, whole: Int64, note: String) {
            let basisPoints = whole == 0 ? 0 : (part * 10_000 + whole / 2) / whole
            numbers.figures.append(OverviewFigure(
                label: label, metric: metric, key: "", kind: "derived", value: basisPoints,
                text: whole == 0 ? "—" : CountText.percent(basisPoints: basisPoints), note: note, explain: explain(metric)))
        }
        count("Active subscriptions", "active_subscriptions", "total", active, stock: true)
        count("In a free trial", "active_subscriptions", "trial", active, stock: true)
        for currency in currencies(mrr, prefix: "") {
            money("MRR (\(currency))", "mrr", currency, currency: currency, mrr, stock: true)
        }
        count("New trials", "new_subscriptions", "trials", newSubscriptions, stock: false)
        count("New paid subscriptions", "new_subscriptions", "paid", newSubscriptions, stock: false)
        for currency in currencies(revenue, prefix: "price.") {
            money("Revenue (\(currency))", "revenue", "price." + currency, currency: currency, revenue, stock: false)
            money("Proceeds (\(currency))", "revenue", "proceeds." + currency, currency: currency, revenue, stock: false)
        }
        count("Voluntary churn", "churn", "voluntary", churn, stock: false)
        count("Involuntary churn", "churn", "involuntary", churn, stock: false)
        let recovered = sum(billing, "recovered"), lost = sum(billing, "lost")
        rate("Billing recovery", "billing", part: recovered, whole: recovered + lost,
             note: "\(CountText.count(recovered)) recovered, \(CountText.count(lost)) lost")
        let sales = sum(revenue, "sales"), refunded = sum(revenue, "refunded_sales")
        rate("Refund rate", "revenue", part: refunded, whole: sales,
             note: "\(CountText.count(refunded)) of \(CountText.count(sales)) sales refunded")
        numbers.charts.append(OverviewChart(
            id: "chart-active", heading: "Active subscriptions",
            points: active.map { ($0.end.description, $0.values["total"] ?? 0) }, format: CountText.count))
        if let currency = currencies(mrr, prefix: "").first {
            numbers.charts.append(OverviewChart(
                id: "chart-mrr", heading: "MRR (\(currency))", points: mrr.map { ($0.end.description, $0.values[currency] ?? 0) },
                format: { MoneyText(minorUnits: $0, currency: currency).text }))
        }
        numbers.charts.append(OverviewChart(
            id: "chart-churn", heading: "Churned subscriptions per \(query.interval.rawValue)",
            points: churn.map { ($0.end.description, $0.values.values.reduce(0, +)) }, format: CountText.count))
        return numbers
    }

    /// The value of `key` at the end of the range (a stock's figure).
    static func last(_ points: Points, _ key: String) -> Int64 { points.last?.values[key] ?? 0 }

    /// The sum of `key` over the range (a flow's figure).
    static func sum(_ points: Points, _ key: String) -> Int64 { points.reduce(0) { $0 + ($1.values[key] ?? 0) } }

    /// The currencies the series has values in (keys `prefix` + a three-letter code), sorted.
    static func currencies(_ points: Points, prefix: String) -> [String] {
        let codes = points.flatMap(\.values.keys).compactMap { key -> String? in
            guard key.hasPrefix(prefix) else { return nil }
            let code = key.dropFirst(prefix.count)
            return code.count == 3 && code.allSatisfy({ $0.isUppercase && $0.isLetter }) ? String(code) : nil
        }
        return Set(codes).sorted()
    }
}
