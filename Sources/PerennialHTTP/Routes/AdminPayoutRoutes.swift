import Hummingbird
import PerennialCore
import PerennialServices

/// `GET /v1/admin/payouts/forecast?from=YYYY-MM-DD&to=YYYY-MM-DD[&environment=…]`: the payments the stores
/// will make in the range (inclusive, at most 400 days) for the app's revenue in one environment (production
/// by default), read from the metric rollups, each with its store, date, the revenue period
/// it pays, its currency and proceeds; sums per currency.
struct AdminPayoutRoutes {
    struct Response: ResponseEncodable {
        struct Payment: Encodable {
            var store: String
            var label: String?
            var paymentDate: String
            var revenuePeriodStart: String
            var revenuePeriodEnd: String
            var proceeds: RevenueResponse.Amount
            var lines: Int

            enum CodingKeys: String, CodingKey {
                case store, label, proceeds, lines
                case paymentDate = "payment_date", revenuePeriodStart = "revenue_period_start", revenuePeriodEnd = "revenue_period_end"
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(store, forKey: .store)
                try container.encode(label, forKey: .label)
                try container.encode(paymentDate, forKey: .paymentDate)
                try container.encode(revenuePeriodStart, forKey: .revenuePeriodStart)
                try container.encode(revenuePeriodEnd, forKey: .revenuePeriodEnd)
                try container.encode(proceeds, forKey: .proceeds)
                try container.encode(lines, forKey: .lines)
            }
        }

        var from: String
        var to: String
        var payments: [Payment]
        var totals: [RevenueResponse.Amount]
    }

    let forecasts: PayoutForecastService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("payouts/forecast") { request, context -> Response in
            let app = try context.requireSecretKey()
            guard let fromText = request.uri.queryParameters.get("from"), let from = CivilDate(iso: fromText),
                  let toText = request.uri.queryParameters.get("to"), let to = CivilDate(iso: toText)
            else { throw PerennialError(.invalidDateRange, "give from and to as YYYY-MM-DD dates") }
            let payments = try await forecasts.forecast(
                app: app, from: from, through: to, environment: try MetricRequest.environment(request))
            let totals = Dictionary(grouping: payments, by: \.proceeds.currency).keys.sorted().map { currency in
                RevenueResponse.Amount(Money(
                    minorUnits: payments.filter { $0.proceeds.currency == currency }.reduce(0) { $0 + $1.proceeds.minorUnits },
                    currency: currency))
            }
            return Response(from: from.description, to: to.description, payments: payments.map { payment in
                Response.Payment(
                    store: payment.store.rawValue, label: payment.label, paymentDate: payment.paymentDate.description,
                    revenuePeriodStart: payment.revenuePeriodStart.description, revenuePeriodEnd: payment.revenuePeriodEnd.description,
                    proceeds: RevenueResponse.Amount(payment.proceeds), lines: payment.lines)
            }, totals: totals)
        }
    }
}
