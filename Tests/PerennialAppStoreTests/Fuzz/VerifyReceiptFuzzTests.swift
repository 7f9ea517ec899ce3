import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// Thousands of mutations of a real verifyReceipt answer and of a version 1 notification built from it:
/// each decodes (and then translates into facts) or throws a decoding error; none traps.
@Suite("Fuzzed verifyReceipt answers and v1 notifications")
struct VerifyReceiptFuzzTests {
    static let loadedFull = FixtureValue { try PerennialTesting.Fixtures.data("conformance/verify_receipt_50.json") }
    static var full: Data {
        get throws { try loadedFull.get() }
    }
    static let observedAt = Instant(milliseconds: 1_780_272_000_000)

    /// The real answer with its purchase lists cut to their first four entries: the same shapes, a twentieth
    /// of the bytes, so thousands of mutations stay fast.
    static let loadedOriginal = FixtureValue { () throws -> Data in
        var object = try JSONSerialization.jsonObject(with: try loadedFull.get()) as? [String: Any] ?? [:]
        if let latest = object["latest_receipt_info"] as? [Any] { object["latest_receipt_info"] = Array(latest.prefix(4)) }
        if var receipt = object["receipt"] as? [String: Any], let inApp = receipt["in_app"] as? [Any] {
            receipt["in_app"] = Array(inApp.prefix(4))
            object["receipt"] = receipt
        }
        return try JSONSerialization.data(withJSONObject: object)
    }
    static var original: Data {
        get throws { try loadedOriginal.get() }
    }

    /// A version 1 notification as the App Store sends it, around the real answer.
    static var notification: Data {
        get throws {
            let unified = try JSONSerialization.jsonObject(with: original)
            return try JSONSerialization.data(withJSONObject: [
                "notification_type": "DID_RENEW", "password": "0123456789abcdef0123456789abcdef", "environment": "Sandbox",
                "bid": "com.example.anchor", "auto_renew_status": "true", "unified_receipt": unified,
            ] as [String: Any])
        }
    }

    /// Decodes and translates; false when the decoder refused the bytes.
    static func decodeAndTranslate(_ data: Data) -> Bool {
        do {
            let response = try JSONDecoder().decode(VerifyReceiptResponse.self, from: data)
            let translation = ReceiptFactTranslator().translate(response, fallbackObservedAt: observedAt)
            _ = (translation.batch.subscriptionKeys, translation.warnings, response.storeEnvironment)
            return true
        } catch {
            #expect(error is DecodingError, "\(type(of: error))")
            return false
        }
    }

    @Test("10 mutations of the whole verify_receipt_50.json")
    func wholeAnswer() throws {
        var mutator = PayloadMutator(seed: 0xF022_0050)
        let full = try Self.full
        #expect(Self.decodeAndTranslate(full))
        for _ in 0..<10 { _ = Self.decodeAndTranslate(mutator.mutate(full).data) }
    }

    @Test("900 mutations of verify_receipt_50.json (its first purchases)", arguments: [UInt64(0xF022_0001), 0xF022_0002, 0xF022_0003])
    func verifyReceiptAnswers(seed: UInt64) throws {
        let original = try Self.original
        let reference = try JSONDecoder().decode(VerifyReceiptResponse.self, from: original)
        #expect(!ReceiptFactTranslator().translate(reference, fallbackObservedAt: Self.observedAt).batch.transactions.isEmpty)
        var mutator = PayloadMutator(seed: seed)
        var decoded = 0, refused = 0
        for _ in 0..<300 {
            if Self.decodeAndTranslate(mutator.mutate(original).data) { decoded += 1 } else { refused += 1 }
        }
        #expect(decoded > 0 && refused > 0, "decoded \(decoded), refused \(refused)")
    }

    @Test("300 mutations of a version 1 notification")
    func versionOneNotifications() throws {
        var mutator = PayloadMutator(seed: 0xF022_0101)
        let original = try Self.notification
        #expect(try JSONDecoder().decode(AppStoreNotificationV1.self, from: original).unifiedReceipt != nil)
        var decoded = 0
        for _ in 0..<300 {
            let (mutated, _) = mutator.mutate(original)
            do {
                let notification = try JSONDecoder().decode(AppStoreNotificationV1.self, from: mutated)
                _ = (notification.notificationType, notification.password, notification.environment, notification.bundleID)
                _ = (notification.autoRenewStatus, notification.autoRenewProductID, notification.originalTransactionID)
                if let unified = notification.unifiedReceipt {
                    _ = ReceiptFactTranslator().translate(unified, fallbackObservedAt: Self.observedAt)
                }
                decoded += 1
            } catch is DecodingError {}
        }
        #expect(decoded > 0)
    }
}
