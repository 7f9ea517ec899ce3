/// The body of the deprecated Send Consumption Information V1 endpoint (consumables and auto-renewable
/// subscriptions). The values are Apple's numbers, documented on each field of Apple's `ConsumptionRequestV1`;
/// absent fields are left out of the JSON.
public struct ConsumptionRequestV1: Sendable, Hashable, Codable {
    /// Whether the customer consented to sharing consumption data; Apple refuses anything but true.
    public var customerConsented: Bool?
    /// 0 undeclared, 1 not consumed, 2 partially consumed, 3 fully consumed.
    public var consumptionStatus: Int?
    /// 0 undeclared, 1 Apple platform, 2 non-Apple platform.
    public var platform: Int?
    /// Whether a free sample or trial was available before the purchase.
    public var sampleContentProvided: Bool?
    /// 0 delivered and working, 1 quality issue, 2 wrong item, 3 server outage, 4 in-game currency change,
    /// 5 other.
    public var deliveryStatus: Int?
    /// The customer's app account token (a UUID), or an empty string.
    public var appAccountToken: String?
    /// Account age: 0 undeclared, 1 up to 3 days, 2 up to 10, 3 up to 30, 4 up to 90, 5 up to 180, 6 up to
    /// 365, 7 more.
    public var accountTenure: Int?
    /// Time in the app: 0 undeclared, 1 up to 5 minutes, 2 up to an hour, 3 up to 6 hours, 4 up to a day,
    /// 5 up to 4 days, 6 up to 16 days, 7 more.
    public var playTime: Int?
    /// Lifetime refunds, in USD bands: 0 undeclared, 1 zero, 2 up to 49.99, … 7 2000 or more.
    public var lifetimeDollarsRefunded: Int?
    /// Lifetime purchases, in USD bands: 0 undeclared, 1 zero, 2 up to 49.99, … 7 2000 or more.
    public var lifetimeDollarsPurchased: Int?
    /// 0 undeclared, 1 active, 2 suspended, 3 terminated, 4 limited access.
    public var userStatus: Int?
    /// 0 undeclared, 1 prefer grant, 2 prefer decline, 3 no preference.
    public var refundPreference: Int?

    /// Creates a request.
    public init(
        customerConsented: Bool? = nil, consumptionStatus: Int? = nil, platform: Int? = nil,
        sampleContentProvided: Bool? = nil, deliveryStatus: Int? = nil, appAccountToken: String? = nil,
        accountTenure: Int? = nil, playTime: Int? = nil, lifetimeDollarsRefunded: Int? = nil,
        lifetimeDollarsPurchased: Int? = nil, userStatus: Int? = nil, refundPreference: Int? = nil
    ) {
        self.customerConsented = customerConsented
        self.consumptionStatus = consumptionStatus
        self.platform = platform
        self.sampleContentProvided = sampleContentProvided
        self.deliveryStatus = deliveryStatus
        self.appAccountToken = appAccountToken
        self.accountTenure = accountTenure
        self.playTime = playTime
        self.lifetimeDollarsRefunded = lifetimeDollarsRefunded
        self.lifetimeDollarsPurchased = lifetimeDollarsPurchased
        self.userStatus = userStatus
        self.refundPreference = refundPreference
    }
}
