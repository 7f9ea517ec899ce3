import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// The real receipts of `fixtures/receipts`, their roots and `expected.json`.
struct ReceiptFixture: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: Expected

    var testDescription: String { name }

    /// One entry of `expected.json`.
    struct Expected: Decodable, Sendable {
        let receiptType: String
        let bundleId: String
        let applicationVersion: String
        let originalApplicationVersion: String?
        let receiptCreationDate: String
        let inAppCount: Int
        let distinctProductIds: Int
        let distinctOriginalTransactionIds: Int
        let latestExpiring: LatestExpiring
        let signerIntermediate: String?
        let digest: String
        let berIndefiniteLength: Bool
    }

    /// The purchase whose subscription ends last.
    struct LatestExpiring: Decodable, Sendable {
        let productId: String
        let transactionId: String
        let originalTransactionId: String
        let expiresDate: String
    }

    /// All five, in file-name order.
    static func all() throws -> [ReceiptFixture] {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let entries = try decoder.decode([String: Expected].self, from: Fixtures.data("receipts/expected.json"))
        return entries.keys.sorted().map { ReceiptFixture(name: $0, expected: entries[$0]!) }
    }

    /// The base64 text of the receipt.
    var base64: String { get throws { try Self.text("receipts/\(name)") } }

    /// The root that signs this receipt: the StoreKit test certificate for Xcode receipts, else the Apple Root CA.
    var root: Data { get throws { try expected.signerIntermediate == nil ? Self.storeKitRoot : Self.appleRoot } }

    /// The root that does not sign it.
    var wrongRoot: Data { get throws { try expected.signerIntermediate == nil ? Self.appleRoot : Self.storeKitRoot } }

    static var appleRoot: Data { get throws { try Fixtures.data("receipts/AppleIncRootCertificate.cer") } }
    static var storeKitRoot: Data { get throws { try Fixtures.data("receipts/StoreKitTestCertificate.cer") } }

    /// A fixture file's text.
    static func text(_ path: String) throws -> String {
        String(decoding: try Fixtures.data(path), as: UTF8.self)
    }
}
