import Foundation
import PerennialAppStore
import PerennialCore

extension AppStoreSimulator {
    /// Answers one HTTP request to a verifyReceipt endpoint, faults included: `isPost` false → 21000;
    /// a body that is not JSON or lacks `receipt-data` → 21002; otherwise as
    /// `verifyReceipt(receiptData:password:excludeOldTransactions:endpoint:)`. An active fault for the
    /// endpoint answers first (a timeout fault holds the request, then answers normally).
    public func handleVerifyReceipt(isPost: Bool, endpoint: StoreEnvironment, body: Data) async -> VerifyReceiptReply {
        if let fault = takeFault(for: endpoint) {
            switch fault {
            case .status(let status, let isRetryable):
                let retryable = isRetryable ?? ((21100...21199).contains(status) ? true : nil)
                return .response(VerifyReceiptResponse(status: status, isRetryable: retryable))
            case .httpStatus(let status, let body):
                return .httpFailure(status: status, body: body)
            case .timeout(let seconds):
                await hold(seconds: seconds)
            }
        }
        guard isPost else { return .response(VerifyReceiptResponse(status: 21000)) }
        guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: body),
            case .string(let receiptData)? = object["receipt-data"]
        else { return .response(VerifyReceiptResponse(status: 21002)) }
        let exclude = object["exclude-old-transactions"]?.text.map { ["true", "1"].contains($0.lowercased()) } ?? false
        return .response(
            verifyReceipt(
                receiptData: receiptData, password: object["password"]?.text, excludeOldTransactions: exclude,
                endpoint: endpoint))
    }

    /// verifyReceipt, without faults. `endpoint` is the environment whose URL was called. `receiptData` is
    /// one of the simulator's PKCS#7 receipts, or an opaque `ReceiptToken`.
    /// - 21002: not base64, or neither a receipt nor a token;
    /// - 21003 also: a PKCS#7 container the simulator did not sign;
    /// - 21007 / 21008: a sandbox receipt at the production endpoint / a production receipt at the sandbox;
    /// - 21003: a well-formed receipt of an unknown app or an account without purchases;
    /// - 21004: for an app selling auto-renewables, a password other than its shared secret;
    /// - 0: the receipt, with `latest_receipt_info` and `pending_renewal_info` when it holds
    ///   auto-renewables (only the latest transaction per subscription with `excludeOldTransactions`).
    public func verifyReceipt(
        receiptData: String, password: String?, excludeOldTransactions: Bool = false, endpoint: StoreEnvironment
    ) -> VerifyReceiptResponse {
        let now = catchUp()
        let owner: ReceiptOwner
        switch receiptOwner(of: receiptData) {
        case .success(let found): owner = found
        case .failure(let status): return VerifyReceiptResponse(status: status.rawValue)
        }
        let receiptIsProduction = owner.environment == .production
        let endpointIsProduction = endpoint == .production
        if !receiptIsProduction && endpointIsProduction { return VerifyReceiptResponse(status: 21007) }
        if receiptIsProduction && !endpointIsProduction { return VerifyReceiptResponse(status: 21008) }
        guard let app = state.app(owner.bundleID), state.accounts[owner] != nil else {
            return VerifyReceiptResponse(status: 21003)
        }
        if app.sellsAutoRenewables, let secret = app.sharedSecret, !secret.isEmpty,
            !ConstantTime.equals(password ?? "", secret)
        {
            return VerifyReceiptResponse(status: 21004)
        }
        return state.verifyReceiptResponse(for: owner, excludeOldTransactions: excludeOldTransactions, now: now)
    }

    /// Whose receipt `receiptData` is: an opaque token names its owner; a PKCS#7 receipt must carry the
    /// simulator's signature and an opaque value it handed out. Fails with the verifyReceipt status.
    func receiptOwner(of receiptData: String) -> Result<ReceiptOwner, ReceiptStatusError> {
        if let token = ReceiptToken(receiptData: receiptData) { return .success(ReceiptOwner(token: token)) }
        switch SimulatorReceiptReader.read(receiptData: receiptData, authority: signingAuthority) {
        case .malformed: return .failure(.malformed)
        case .unauthenticated: return .failure(.unauthenticated)
        case .signed(let opaque):
            guard let owner = state.receiptOwners[opaque] else { return .failure(.unauthenticated) }
            return .success(owner)
        }
    }
}
