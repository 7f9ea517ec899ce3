import Foundation

/// What the PayPal simulator answers: a status, headers and a JSON (or PEM) body.
public struct PayPalSimulatedResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = ["Content-Type": "application/json"], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON answer; keys sorted, so the same state always reads the same.
    static func json(_ status: Int, _ object: Any) -> PayPalSimulatedResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return PayPalSimulatedResponse(status: status, body: body)
    }

    /// `204 No Content`, as PayPal answers cancel, suspend and activate.
    static let noContent = PayPalSimulatedResponse(status: 204, headers: [:])
}
