import Foundation
import PerennialAppStoreAdapter
import PerennialCore
import PerennialServices

/// The app every benchmark serves: one bundle id, one yearly auto-renewable product, and the keys the
/// load generator presents.
enum BenchApp {
    static let id = "bench"
    static let bundleID = "com.example.bench"
    static let productID = "bench.pro.yearly"
    static let publicKey = "pk_bench_0123456789abcdef"
    static let secretKey = "sk_bench_0123456789abcdef"
    /// The shared secret registered for the app (verifyReceipt is never called by the benchmarks).
    static let sharedSecret = "0123456789abcdef0123456789abcdef"
    /// Milliseconds in a year of the bench product.
    static let yearMilliseconds: Int64 = 365 * 86_400_000

    /// The catalog: `bench.pro.yearly` grants `pro`.
    static let catalog = Catalog(products: [
        Product(id: productID, type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 1, entitlements: ["pro"]),
    ])

    /// The app user id of customer `index` (0-based).
    static func appUserID(_ index: Int) -> String { "bench-customer-\(index)" }

    /// The original transaction id of customer `index`'s subscription.
    static func originalTransactionID(_ index: Int) -> String { String(2_000_000_000_000_000 + Int64(index) * 100) }

    /// The app's settings, trusting `root` (DER) for signed data in the Sandbox.
    static func settings(trustedRoot: Data) -> AppSettings {
        AppSettings(
            id: id, bundleID: bundleID,
            apple: AppleSettings(sharedSecret: sharedSecret, environments: ["Sandbox"], trustedRoots: [Array(trustedRoot)]),
            catalog: catalog, publicAPIKey: publicKey, secretAPIKey: secretKey
        )
    }
}
