import Foundation
import PerennialAppStore

extension ConsumptionRequestV1 {
    /// The fields as event details, after checking them as Apple's version 1 endpoint does: every field
    /// but `refundPreference` required, each within Apple's values.
    func validated() throws(ServerAPIFailure) -> [String: String] {
        guard customerConsented == true else { throw .invalidCustomerConsented }
        let required: [(String, Int?, ClosedRange<Int>, ServerAPIFailure)] = [
            ("consumption_status", consumptionStatus, 0...3, .invalidConsumptionStatus),
            ("platform", platform, 0...2, .invalidPlatform),
            ("delivery_status", deliveryStatus, 0...5, .invalidDeliveryStatus),
            ("account_tenure", accountTenure, 0...7, .invalidAccountTenure),
            ("play_time", playTime, 0...7, .invalidPlayTime),
            ("lifetime_dollars_refunded", lifetimeDollarsRefunded, 0...7, .invalidLifetimeDollarsRefunded),
            ("lifetime_dollars_purchased", lifetimeDollarsPurchased, 0...7, .invalidLifetimeDollarsPurchased),
            ("user_status", userStatus, 0...4, .invalidUserStatus),
        ]
        var details = ["version": "1", "customer_consented": "true"]
        for (name, value, range, failure) in required {
            guard let value, range.contains(value) else { throw failure }
            details[name] = String(value)
        }
        guard let sampleContentProvided else { throw .invalidSampleContentProvided }
        details["sample_content_provided"] = String(sampleContentProvided)
        guard let appAccountToken, appAccountToken.isEmpty || UUID(uuidString: appAccountToken) != nil else {
            throw .invalidAppAccountToken
        }
        details["app_account_token"] = appAccountToken.lowercased()
        if let refundPreference {
            guard (0...3).contains(refundPreference) else {
                throw .badRequest("Invalid request. Refund preference is invalid.")
            }
            details["refund_preference"] = String(refundPreference)
        }
        return details
    }
}
