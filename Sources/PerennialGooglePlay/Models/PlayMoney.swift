/// Google's `Money`: whole `units` (an int64 sent as a string) plus `nanos` (billionths, same sign).
public struct PlayMoney: Sendable, Hashable, Codable {
    public var currencyCode: String?
    public var units: String?
    public var nanos: Int?

    public init(currencyCode: String?, units: String?, nanos: Int?) {
        self.currencyCode = currencyCode
        self.units = units
        self.nanos = nanos
    }
}
