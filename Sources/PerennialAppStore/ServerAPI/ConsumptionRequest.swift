/// The body of Send Consumption Information (the current endpoint): what the server knows about an
/// In-App Purchase whose refund the customer asked for, after a `CONSUMPTION_REQUEST` notification.
public struct ConsumptionRequest: Sendable, Hashable, Codable {
    /// Whether the customer consented to sharing consumption data; Apple refuses anything but true.
    public var customerConsented: Bool
    /// How much of the purchase was consumed, in milliunits (0…100000); 0 unless delivered, and above 0
    /// with `GRANT_PRORATED`. Not for auto-renewable subscriptions.
    public var consumptionPercentage: Int?
    /// Whether the purchase was delivered and works.
    public var deliveryStatus: DeliveryStatus
    /// The refund outcome the server would prefer.
    public var refundPreference: RefundPreference?
    /// Whether a free sample, trial or description of the content was available before the purchase.
    public var sampleContentProvided: Bool

    /// Creates a request.
    public init(
        customerConsented: Bool, consumptionPercentage: Int? = nil, deliveryStatus: DeliveryStatus,
        refundPreference: RefundPreference? = nil, sampleContentProvided: Bool
    ) {
        self.customerConsented = customerConsented
        self.consumptionPercentage = consumptionPercentage
        self.deliveryStatus = deliveryStatus
        self.refundPreference = refundPreference
        self.sampleContentProvided = sampleContentProvided
    }
}
