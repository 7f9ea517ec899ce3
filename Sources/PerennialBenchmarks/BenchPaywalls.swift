import Foundation
import PerennialCore
import PerennialServices

/// paywall-http's paywalls: the bench app's product in two packages, a placement whose rules read the
/// journey stage, the platform, the device and an app version range before its default (so every request
/// resolves in full: its customers are subscribers, shown paywalls there), in two locales.
enum BenchPaywalls {
    static let document = PaywallDocument(
        offerings: [Offering(id: "default", packages: [
            OfferingPackage(id: "annual", products: ["app_store": BenchApp.productID], prices: ["FR": Money(minorUnits: 4999, currency: "EUR")],
                            trial: "P1W"),
            OfferingPackage(id: "lifetime", products: ["app_store": BenchApp.productID]),
        ])],
        currentOffering: "default",
        paywalls: ["upgrade", "tv", "legacy"].map { id in
            PaywallDefinition(id: id, strings: [
                "en": ["title": "Pro, \(id)", "call_to_action": "{{product.price_per_month}} a month after {{trial.duration}} free"],
                "fr": ["title": "Pro, \(id)", "call_to_action": "{{product.price_per_month}} par mois après {{trial.duration}}"],
            ], defaultPackage: "annual")
        },
        placements: [Placement(id: "settings", rules: [
            .init(name: "churned", when: .stage(["churned"]), paywall: nil),
            .init(name: "tv", when: .device(["tv"]), paywall: "tv"),
            .init(name: "old apps", when: .appVersion(from: nil, below: AppVersion("2")), paywall: "legacy"),
        ], defaultPaywall: "upgrade", showToEntitled: true)]
    )

    /// Saves the document as the bench app's next revision.
    static func save(in ledger: any Ledger) async throws {
        let text = try PaywallDocumentCodec.encode(document)
        _ = try await ledger.write { session in
            let next = (try await session.latestPaywallRevisionNumber(appID: BenchApp.id) ?? 0) + 1
            return try await session.insertPaywallRevision(
                PaywallRevisionRecord(appID: BenchApp.id, revision: next, document: text, note: "paywall-http", createdAt: SystemClock().now()))
        }
    }

    static func request(_ index: Int) -> LoadGenerator.Request {
        LoadGenerator.Request(
            method: .GET,
            path: "/v1/customers/\(BenchApp.appUserID(index))/paywall?placement=settings&platform=ios&device=phone&app_version=3.1&locale=fr-FR&country=FR",
            headers: [("Authorization", "Bearer \(BenchApp.publicKey)")], body: nil
        )
    }
}
