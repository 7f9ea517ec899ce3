/// The body of Send Consumption Information (v2) as received: every field optional, so that a missing one
/// is refused with Apple's error code for it rather than as an unreadable body.
struct ConsumptionInformationBody: Decodable, Sendable {
    var customerConsented: Bool?
    var consumptionPercentage: Int?
    var deliveryStatus: String?
    var refundPreference: String?
    var sampleContentProvided: Bool?

    static let deliveryStatuses: Set<String> = [
        "DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM", "UNDELIVERED_SERVER_OUTAGE",
        "UNDELIVERED_OTHER",
    ]
    static let refundPreferences: Set<String> = ["DECLINE", "GRANT_FULL", "GRANT_PRORATED"]

    /// The fields as event details, after checking them as Apple does.
    func validated() throws(ServerAPIFailure) -> [String: String] {
        guard customerConsented == true else { throw .invalidCustomerConsented }
        guard let deliveryStatus, Self.deliveryStatuses.contains(deliveryStatus) else { throw .invalidDeliveryStatus }
        guard let sampleContentProvided else { throw .invalidSampleContentProvided }
        if let consumptionPercentage, !(0...100_000).contains(consumptionPercentage) {
            throw .badRequest("Invalid request. Consumption percentage must be from 0 to 100000.")
        }
        if let refundPreference, !Self.refundPreferences.contains(refundPreference) {
            throw .badRequest("Invalid request. Refund preference is invalid.")
        }
        if refundPreference == "GRANT_PRORATED", (consumptionPercentage ?? 0) == 0 {
            throw .badRequest("Invalid request. A prorated refund needs a consumption percentage above 0.")
        }
        var details = [
            "version": "2", "customer_consented": "true", "delivery_status": deliveryStatus,
            "sample_content_provided": String(sampleContentProvided),
        ]
        details["consumption_percentage"] = consumptionPercentage.map(String.init)
        details["refund_preference"] = refundPreference
        return details
    }
}
