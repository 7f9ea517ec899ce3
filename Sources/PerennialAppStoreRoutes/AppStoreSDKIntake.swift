import Foundation
import PerennialAppStoreAdapter
import PerennialServices

/// The App Store's purchases as RevenueCat's SDKs send them in `fetch_token`: a StoreKit 2 transaction's
/// JWS, a StoreKit 1 app receipt (base64), or, from Xcode's StoreKit testing, base64 of a JSON object
/// whose `transactions` are JWS. Each goes through the same validation as `/v1/transactions` and
/// `/v1/receipts`.
struct AppStoreSDKIntake: SDKPurchaseIntake {
    let receipts: ReceiptService
    let transactions: SignedTransactionService

    /// The `X-Platform` values of Apple's platforms, lowercased.
    let platforms: Set<String> = ["ios", "ipados", "macos", "tvos", "watchos", "visionos", "uikitformac"]

    /// The most transactions one StoreKit-testing token may hold.
    static let maximumTestingTransactions = 100

    func submit(app: AppSettings, appUserID: String, token: String, productID: String?) async throws -> PurchaseSubmission {
        if Self.isCompactJWS(token) {
            return try await transactions.submit(app: app, appUserID: appUserID, signedTransaction: token)
        }
        if let signed = Self.testingTransactions(in: token) {
            guard let newest = signed.last, signed.count <= Self.maximumTestingTransactions else {
                throw PerennialError(.badRequest, "fetch_token holds \(signed.count) transactions; 1 to \(Self.maximumTestingTransactions) are accepted")
            }
            for transaction in signed.dropLast() {
                _ = try await transactions.submit(app: app, appUserID: appUserID, signedTransaction: transaction)
            }
            return try await transactions.submit(app: app, appUserID: appUserID, signedTransaction: newest)
        }
        return try await receipts.submit(app: app, appUserID: appUserID, receiptData: token)
    }

    /// Three base64url parts joined by dots, the first a JSON header (`eyJ`).
    static func isCompactJWS(_ token: String) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && token.hasPrefix("eyJ")
    }

    /// The JWS of a StoreKit-testing token (base64 of `{"transactions": […], …}`); nil when the token is not one.
    static func testingTransactions(in token: String) -> [String]? {
        guard token.hasPrefix("ey"), let data = Data(base64Encoded: token), data.first == UInt8(ascii: "{"),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let transactions = object["transactions"] as? [Any]
        else { return nil }
        return transactions.compactMap { $0 as? String }
    }
}
