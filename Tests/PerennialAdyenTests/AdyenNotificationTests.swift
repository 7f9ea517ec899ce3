import Foundation
import PerennialAdyen
import Testing

/// Adyen's standard webhooks: each item's HMAC over Adyen's field order, keyed with the hex-decoded key,
/// checked in constant time; the vectors are what Adyen's own Python library (`Adyen.util.
/// generate_notification_sig`, 16.0.0) computes for the same items and key.
@Suite struct AdyenNotificationTests {
    static let key = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056"

    static let authorisation = AdyenNotificationItem(
        pspReference: "7914073381342284", originalReference: nil, merchantAccountCode: "PerennialECOM", merchantReference: "renew-sub_1-2",
        amount: AdyenAmount(value: 999, currency: "EUR"), eventCode: "AUTHORISATION", success: "true",
        additionalData: ["hmacSignature": "tF70TitmrQb+v9Nrd8TUcC3c8MBiX4trfYDStH6py38="])

    /// Colons and a backslash in the fields, which the signed text takes as they are.
    static let refund = AdyenNotificationItem(
        pspReference: "8815:refund", originalReference: "7914073381342284", merchantAccountCode: "Perennial:ECOM", merchantReference: #"a\b:c"#,
        amount: AdyenAmount(value: 500, currency: "EUR"), eventCode: "REFUND", success: "true",
        additionalData: ["hmacSignature": "ji0L0aPNPQUfDEQRcE5RRvSYRTvK3BZe2T03p3UwcE4="])

    @Test func signaturesMatchAdyensLibrary() {
        #expect(AdyenNotificationVerifier.signature(of: Self.authorisation, hexKey: Self.key) == Self.authorisation.hmacSignature)
        #expect(AdyenNotificationVerifier.signature(of: Self.refund, hexKey: Self.key.lowercased()) == Self.refund.hmacSignature)
        #expect(Self.authorisation.signedText == "7914073381342284::PerennialECOM:renew-sub_1-2:999:EUR:AUTHORISATION:true")
    }

    static func refusal(_ items: [AdyenNotificationItem], account: String = "PerennialECOM", keys: [String] = [key]) -> AdyenNotificationError.Code? {
        guard let verifier = AdyenNotificationVerifier(hexKeys: keys, merchantAccount: account) else { return nil }
        do {
            try verifier.verify(AdyenNotification(live: "false", items: items))
            return nil
        } catch {
            return error.code
        }
    }

    @Test func everyItemMustBeSignedForTheAccount() {
        #expect(Self.refusal([Self.authorisation]) == nil)
        #expect(Self.refusal([Self.authorisation], keys: ["00" + String(Self.key.dropFirst(2)), Self.key]) == nil, "the previous key while replacing it")
        var altered = Self.authorisation
        altered.amount?.value = 1
        #expect(Self.refusal([altered]) == .badSignature)
        var flipped = Self.authorisation
        flipped.success = "false"
        #expect(Self.refusal([flipped]) == .badSignature)
        var unsigned = Self.authorisation
        unsigned.additionalData = nil
        #expect(Self.refusal([unsigned]) == .missingSignature)
        #expect(Self.refusal([Self.authorisation, unsigned]) == .missingSignature, "each item, not only the first")
        #expect(Self.refusal([Self.refund], account: "Perennial:ECOM") == nil)
        #expect(Self.refusal([Self.refund]) == .foreignMerchantAccount)
        #expect(AdyenNotificationVerifier(hexKeys: ["not hex"], merchantAccount: "A") == nil)
        #expect(AdyenNotificationVerifier(hexKeys: ["abcd"], merchantAccount: "A") == nil, "too short to be Adyen's")
    }

    @Test func deliveriesAreReadOrRefused() {
        let body = Data(#"{"live":"false","notificationItems":[{"NotificationRequestItem":{"additionalData":{"hmacSignature":"x"},"amount":{"currency":"EUR","value":999},"eventCode":"AUTHORISATION","eventDate":"2026-03-01T10:00:00+01:00","merchantAccountCode":"PerennialECOM","merchantReference":"sub_1:2","pspReference":"7914073381342284","success":"true"}}]}"#.utf8)
        let notification = AdyenNotification.read(body)
        #expect(notification?.items.first?.succeeded == true)
        #expect(notification?.items.first?.amount?.money?.minorUnits == 999)
        #expect(notification?.isLive == false)
        #expect(AdyenNotification.read(Data(#"{"notificationItems":[]}"#.utf8)) == nil)
        #expect(AdyenNotification.read(Data("[]".utf8)) == nil)
        #expect(AdyenNotification.read(Data(#"{"notificationItems":[{"NotificationRequestItem":{"pspReference":""}}]}"#.utf8)) == nil)
    }
}
