import Foundation
import PerennialCore

/// The opaque `receipt-data` the simulator used to hand out: base64 of
/// `perennial-sim:1:<environment>:<account>:<bundle_id>`. It names a receipt, not its contents:
/// verifyReceipt answers with the account's purchases as they are when asked, like `latest_receipt`.
/// Purchases now return signed PKCS#7 receipts; verifyReceipt still accepts these tokens.
public struct ReceiptToken: Sendable, Hashable {
    static let prefix = "perennial-sim"
    static let version = "1"

    public var environment: StoreEnvironment
    public var account: String
    public var bundleID: String

    public init(environment: StoreEnvironment, account: String, bundleID: String) {
        self.environment = environment
        self.account = account
        self.bundleID = bundleID
    }

    /// The base64 text to send as `receipt-data`.
    public var receiptData: String {
        Data("\(Self.prefix):\(Self.version):\(environment.rawValue):\(account):\(bundleID)".utf8)
            .base64EncodedString()
    }

    /// Reads a token; nil when the text is not base64 or does not decode to a simulator token. Line
    /// breaks and spaces in the base64 are ignored, as Apple does.
    public init?(receiptData: String) {
        let compact = receiptData.filter { !$0.isWhitespace }
        guard !compact.isEmpty, compact.count <= 16_384, let data = Data(base64Encoded: compact),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.prefix, parts[1] == Self.version,
            let environment = StoreEnvironment(rawValue: String(parts[2]))
        else { return nil }
        let rest = parts[3]
        guard let separator = rest.lastIndex(of: ":") else { return nil }
        let account = String(rest[..<separator])
        let bundleID = String(rest[rest.index(after: separator)...])
        guard !account.isEmpty, !bundleID.isEmpty else { return nil }
        self.init(environment: environment, account: account, bundleID: bundleID)
    }
}
