import Hummingbird
import PerennialCore
import PerennialServices

/// A metric request's query, read and checked: `from` and `to` (YYYY-MM-DD), `interval`, and the filters
/// `environment` (production by default), `store`, `product` and `country`.
struct MetricRequest {
    var from: CivilDate
    var to: CivilDate
    var interval: MetricInterval
    var filters: MetricFilters
    /// `explain=true`: the subscriptions behind the figure instead of the series.
    var explain: Bool
    /// `Accept: text/csv`.
    var wantsCSV: Bool

    init(_ request: Request) throws {
        let query = request.uri.queryParameters
        guard let fromText = query.get("from"), let from = CivilDate(iso: fromText),
              let toText = query.get("to"), let to = CivilDate(iso: toText)
        else { throw PerennialError(.invalidDateRange, "give from and to as YYYY-MM-DD dates") }
        guard let interval = MetricInterval(rawValue: query.get("interval") ?? "day") else {
            throw PerennialError(.badRequest, "interval must be day, week or month")
        }
        let environment = try Self.environment(request)
        let store = try query.get("store").map { text -> Store in
            guard let store = Store(rawValue: text) else { throw PerennialError(.badRequest, "store must be a store name (app_store)") }
            return store
        }
        let product = try query.get("product").map { try Self.identifier($0, name: "product") }
        let country = try query.get("country").map { try Self.identifier($0, name: "country") }
        self.from = from
        self.to = to
        self.interval = interval
        self.filters = MetricFilters(environment: environment, store: store, productID: product, country: country)
        self.explain = ["true", "1"].contains(query.get("explain")?.lowercased() ?? "false")
        self.wantsCSV = request.headers[.accept]?.contains("text/csv") == true
    }

    /// `environment`: production when absent.
    static func environment(_ request: Request) throws -> StoreEnvironment {
        guard let environment = StoreEnvironment(rawValue: (request.uri.queryParameters.get("environment") ?? "production").lowercased())
        else { throw PerennialError(.badRequest, "environment must be production, sandbox or xcode") }
        return environment
    }

    /// A filter's value: 1 to 200 printable characters.
    static func identifier(_ text: String, name: String) throws -> String {
        guard (1...200).contains(text.count), text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw PerennialError(.badRequest, "\(name) must be 1 to 200 printable characters")
        }
        return text
    }
}
