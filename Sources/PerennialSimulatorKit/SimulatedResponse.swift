import Foundation

/// What a store's simulator answers: a status, headers and a body (JSON, most often).
public struct SimulatedResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = ["Content-Type": "application/json"], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON answer; keys sorted, so the same state always reads the same.
    public static func json(_ status: Int, _ object: Any) -> SimulatedResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return SimulatedResponse(status: status, body: body)
    }

    /// `204 No Content`.
    public static let noContent = SimulatedResponse(status: 204, headers: [:])

    /// A page for a person (an approval or payment page the simulator stands in for).
    public static func html(_ page: String) -> SimulatedResponse {
        SimulatedResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(page.utf8))
    }
}
