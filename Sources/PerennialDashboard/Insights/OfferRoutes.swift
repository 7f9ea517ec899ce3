import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `GET /dashboard/apps/{app_id}/offers?from&to&…` (viewer): each offer customers redeemed over the range —
/// offer codes, promotional and win-back offers, introductory offers — with what it won back: the paid periods
/// that followed it while the subscription kept going, and their proceeds (the `offers` metric).
struct OfferRoutes: Sendable {
    let gate: DashboardGate
    let metrics: MetricsService
    let clock: any Clock

    struct Page: Sendable {
        struct Row: Sendable {
            var kind: String
            var offer: String
            var redemptions: String
            var renewals: String
            var proceeds: [MoneyText]
        }

        var chrome: Chrome
        var appID: String
        var from: String
        var to: String
        var rows: [Row]
        var hasRows: Bool
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/offers") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.viewer, app: try context.parameters.require("app_id"), request)
            let query = try OverviewQuery(request, today: CivilDate(utcDayOf: clock.now()), defaultDays: 90)
            let points = try await metrics.series(
                app: app, name: "offers", from: query.from, through: query.to, interval: query.interval, filters: query.filters) ?? []
            var sums: [String: Int64] = [:]
            for point in points { sums.merge(point.values, uniquingKeysWith: +) }
            let rows = Self.offers(sums).map { offer, values in
                let (kind, identifier) = offer.firstIndex(of: ":").map { (String(offer[..<$0]), String(offer[offer.index(after: $0)...])) }
                    ?? ("", offer)
                return Page.Row(
                    kind: kind.replacingOccurrences(of: "_", with: " "), offer: identifier,
                    redemptions: CountText.count(values["redemptions"] ?? 0), renewals: CountText.count(values["renewals_after"] ?? 0),
                    proceeds: values.keys.filter { $0.hasPrefix("proceeds_after.") }.sorted().map {
                        MoneyText(minorUnits: values[$0] ?? 0, currency: String($0.dropFirst("proceeds_after.".count)))
                    })
            }
            return DashboardPage.render("offers", Page(
                chrome: Chrome(title: "Offers of \(app.id)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .offers),
                appID: app.id, from: query.from.description, to: query.to.description, rows: rows, hasRows: !rows.isEmpty))
        }
    }

    /// The metric's values by offer: `<offer>.redemptions`, `<offer>.renewals_after` and
    /// `<offer>.proceeds_after.<currency>` read from the end, since an offer's identifier may hold dots.
    static func offers(_ sums: [String: Int64]) -> [(String, [String: Int64])] {
        var byOffer: [String: [String: Int64]] = [:]
        for (key, value) in sums {
            let parts = key.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count >= 3, parts[parts.count - 2] == "proceeds_after", parts[parts.count - 1].count == 3 {
                byOffer[parts.dropLast(2).joined(separator: "."), default: [:]]["proceeds_after." + parts[parts.count - 1]] = value
            } else if parts.count >= 2, ["redemptions", "renewals_after"].contains(parts[parts.count - 1]) {
                byOffer[parts.dropLast().joined(separator: "."), default: [:]][String(parts[parts.count - 1])] = value
            }
        }
        return byOffer.sorted { ($0.value["redemptions"] ?? 0, $1.key) > ($1.value["redemptions"] ?? 0, $0.key) }
    }
}
