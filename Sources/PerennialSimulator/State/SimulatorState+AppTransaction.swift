import Foundation
import PerennialCore

extension SimulatorState {
    /// The customer's app transaction as the App Store signs it at `signedDate`: the app first got with the
    /// account's first purchase, version 1.0. Nil when the customer has none.
    func signedAppTransaction(_ owner: ReceiptOwner, signedDate: Instant) -> String? {
        guard let account = accounts[owner] else { return nil }
        let environment = Self.appleEnvironment(owner.environment)
        let digits = account.opaqueValue.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % 1_000_000_000_000_000
        let payload = AppTransactionPayload(
            receiptType: environment, environment: environment,
            appAppleId: owner.environment == .production ? appAppleID(owner.bundleID) : nil, bundleId: owner.bundleID,
            receiptCreationDate: signedDate, originalPurchaseDate: account.createdAt, signedDate: signedDate,
            appTransactionId: "70" + String(digits))
        return try? SimulatorJWS.sign(payload, with: authority)
    }
}
