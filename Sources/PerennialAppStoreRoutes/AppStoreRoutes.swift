import Hummingbird
import PerennialAppStoreAdapter
import PerennialHTTP
import PerennialServices

/// The App Store's HTTP routes beyond its notification endpoint (which `AppStoreAdapter` brings): the app
/// posting a receipt (`POST /v1/receipts`) or a StoreKit 2 signed transaction (`POST /v1/transactions`),
/// and the admin routes that call Apple's Server API (`/v1/admin/apple/…`).
public struct AppStoreRoutes: StoreRoutes {
    let receipts: ReceiptService
    let transactions: SignedTransactionService
    let admin: AppStoreAdminService

    /// - Parameter admin: calls Apple's Server API for the admin routes.
    public init(receipts: ReceiptService, transactions: SignedTransactionService, admin: AppStoreAdminService) {
        self.receipts = receipts
        self.transactions = transactions
        self.admin = admin
    }

    public func add(v1: RouterGroup<PerennialRequestContext>, admin: RouterGroup<PerennialRequestContext>) {
        ReceiptRoutes(receipts: receipts).add(to: v1)
        TransactionRoutes(transactions: transactions).add(to: v1)
        AdminAppleRoutes(admin: self.admin).add(to: admin.group("apple"))
    }
}
