import ArgumentParser
import Logging
import PerennialCore
import PerennialServer
import PerennialServices

/// `perennial metrics NAME`: a metric of an app as CSV, from the configured database's rollups.
struct MetricsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "Print a metric of an app as CSV (docs/metrics.md defines each).",
        discussion: """
            NAME is one of active_subscriptions, mrr, arr, new_subscriptions, churn, renewals, revenue, ltv, mrr_movement, billing, \
            state_mix, offers, or retention \
            (the cohorts' retention table, by month). The same figures as GET /v1/admin/metrics/NAME.
            """
    )

    @OptionGroup var options: ServerOptions
    @Argument(help: "The metric.") var name: String
    @Option(help: "The app's id.") var app: String
    @Option(help: "The first day, YYYY-MM-DD.") var from: String
    @Option(help: "The last day, YYYY-MM-DD.") var to: String
    @Option(help: "day, week or month.") var interval = "day"
    @Option(help: "production, sandbox or xcode.") var environment = "production"
    @Option(help: "Only this store's subscriptions (app_store, play_store, stripe).") var store: String?
    @Option(help: "Only this product's.") var product: String?
    @Option(help: "Only this storefront country's (as the store gives it: USA).") var country: String?
    @Flag(help: "The subscriptions behind the figure over the whole range instead of the series.") var explain = false

    func run() async throws {
        guard let first = CivilDate(iso: from), let last = CivilDate(iso: to) else { throw ValidationError("--from and --to are YYYY-MM-DD dates") }
        guard let bucket = MetricInterval(rawValue: interval) else { throw ValidationError("--interval is day, week or month") }
        guard let environment = StoreEnvironment(rawValue: environment) else { throw ValidationError("--environment is production, sandbox or xcode") }
        let store = try self.store.map { text -> Store in
            guard let store = Store(rawValue: text) else { throw ValidationError("--store is app_store, play_store or stripe") }
            return store
        }
        var logger = Logger(label: "perennial")
        logger.logLevel = .error
        let text = try await PerennialServer.metrics(
            options.overrides, appID: app, name: name, from: first, through: last, interval: bucket,
            filters: MetricFilters(environment: environment, store: store, productID: product, country: country), explain: explain,
            logger: logger)
        print(text, terminator: "")
    }
}
