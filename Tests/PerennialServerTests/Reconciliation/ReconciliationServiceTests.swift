import Foundation
import PerennialCore
import PerennialServer
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// The service reads the app's transactions through the ledger and reconciles a report against them.
@Suite("Reconciliation service")
struct ReconciliationServiceTests {
    static let app = AppSettings(
        id: "forest", bundleID: "com.example.forest",
        catalog: Catalog(products: [
            Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"]),
            Product(id: "coins.100", type: .consumable, entitlements: []),
        ]),
        publicAPIKey: "pk_test_0123456789abcdef", secretAPIKey: "sk_test_0123456789abcdef"
    )

    static func at(_ text: String) -> Instant { Instant(ISO8601DateFormatter().date(from: text)!) }

    static func sale(_ id: String, subscription: String, at time: String, refundedAt: String? = nil) -> TransactionFact {
        TransactionFact(
            store: .appStore, environment: .production, transactionID: id, subscriptionID: subscription,
            productID: "pro.monthly", purchasedAt: at(time), expiresAt: at(time).adding(milliseconds: 30 * 86_400_000),
            cancelledAt: refundedAt.map(at))
    }

    @Test func aSalesReportIsComparedWithTheLedgersTransactions() async throws {
        let database = try await PerennialDatabase.open(url: "sqlite::memory:")
        do {
            _ = try await Migrations.migrate(database)
            let ledger = SQLLedger(database: database)
            let ingestor = FactIngestor(ledger: ledger, clock: FixedClock(Self.at("2026-03-05T00:00:00Z")))
            let facts = [
                Self.sale("500", subscription: "500", at: "2026-03-01T17:00:00Z"),
                Self.sale("510", subscription: "510", at: "2026-03-01T18:00:00Z"),
                Self.sale("520", subscription: "520", at: "2026-03-01T19:00:00Z"),
                Self.sale("530", subscription: "530", at: "2026-03-02T05:00:00Z"),
                Self.sale("540", subscription: "540", at: "2026-02-10T17:00:00Z", refundedAt: "2026-03-01T20:00:00Z"),
            ]
            for (index, fact) in facts.enumerated() {
                _ = try await ingestor.ingest(FactBatch(transactions: [fact]), app: Self.app, appUserID: "user-\(index)")
            }
            let report = try StoreReport.read(Fixtures.data("reports/app-store-sales-daily.txt"), formats: StoreModules.reportFormats)
            let results = try await ReconciliationService(ledger: ledger).reconcile(app: Self.app, reports: [report])
            // pro.monthly matches (4 paid units, 1 refund); Apple counted a coins.100 Perennial never saw; the
            // other app's product is not in the catalog.
            let differences = try #require(results.first).differences
            #expect(differences.map { "\($0.productID ?? "*") \($0.kind.rawValue) \($0.storeCount) \($0.perennialCount)" }
                == ["coins.100 sale 1 0"])
        } catch {
            await database.shutdown()
            throw error
        }
        await database.shutdown()
    }
}
