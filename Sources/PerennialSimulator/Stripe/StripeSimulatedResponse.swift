import Foundation

/// The simulator's answer to one API call: status, headers (`Request-Id` always) and a JSON body.
public struct StripeSimulatedResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body parsed (`.null` when it is not JSON).
    public var json: StripeSimulatedJSON { StripeSimulatedJSON.parse(body) ?? .null }
}
