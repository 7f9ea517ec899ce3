import Foundation
import PerennialCore

/// One standard webhook item (`NotificationRequestItem`): what happened (`eventCode`, `success` as the strings
/// "true" and "false"), to which payment (`pspReference`; a modification's `originalReference` names the
/// payment it changes), under the merchant's own reference, with `additionalData.hmacSignature`.
public struct AdyenNotificationItem: Sendable, Hashable, Codable {
    public var pspReference: String
    public var originalReference: String?
    public var merchantAccountCode: String
    public var merchantReference: String?
    public var amount: AdyenAmount?
    public var eventCode: String
    public var eventDate: String?
    public var success: String
    public var reason: String?
    public var paymentMethod: String?
    public var additionalData: [String: String]?

    public init(
        pspReference: String, originalReference: String? = nil, merchantAccountCode: String, merchantReference: String?, amount: AdyenAmount?,
        eventCode: String, eventDate: String? = nil, success: String, reason: String? = nil, paymentMethod: String? = nil,
        additionalData: [String: String]? = nil
    ) {
        self.pspReference = pspReference
        self.originalReference = originalReference
        self.merchantAccountCode = merchantAccountCode
        self.merchantReference = merchantReference
        self.amount = amount
        self.eventCode = eventCode
        self.eventDate = eventDate
        self.success = success
        self.reason = reason
        self.paymentMethod = paymentMethod
        self.additionalData = additionalData
    }

    /// Whether the event reports success (`success` is the string "true").
    public var succeeded: Bool { success == "true" }

    /// The text Adyen signs: `pspReference:originalReference:merchantAccountCode:merchantReference:value:
    /// currency:eventCode:success`, an absent field as nothing, no field escaped.
    public var signedText: String {
        [
            pspReference, originalReference ?? "", merchantAccountCode, merchantReference ?? "", amount.map { String($0.value) } ?? "",
            amount?.currency ?? "", eventCode, success,
        ].joined(separator: ":")
    }

    /// The base64 HMAC-SHA256 the item carries (`additionalData.hmacSignature`).
    public var hmacSignature: String? { additionalData?["hmacSignature"] }
}

extension AdyenNotificationItem {
    /// When the event happened (`eventDate`, ISO 8601 with an offset); nil when absent or unreadable.
    public var eventInstant: Instant? {
        guard let text = eventDate, text.utf8.count <= 64 else { return nil }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return Instant(date) }
        return (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))).map(Instant.init)
    }
}
