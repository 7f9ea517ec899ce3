import PerennialSimulatorKit

/// A Square API error as Square writes it: `{"errors": [{"category", "code", "detail", "field"?}]}` with its
/// status.
public struct SquareSimulatedError: Error, Sendable {
    public var status: Int
    public var category: String
    public var code: String
    public var detail: String
    public var field: String?

    static func notFound(_ what: String) -> SquareSimulatedError {
        SquareSimulatedError(status: 404, category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "\(what) not found.")
    }

    static func invalid(_ code: String, _ detail: String, field: String? = nil) -> SquareSimulatedError {
        SquareSimulatedError(status: 400, category: "INVALID_REQUEST_ERROR", code: code, detail: detail, field: field)
    }

    static let unauthorized = SquareSimulatedError(
        status: 401, category: "AUTHENTICATION_ERROR", code: "UNAUTHORIZED", detail: "This request could not be authorized.")

    var response: SimulatedResponse {
        var item: [String: Any] = ["category": category, "code": code, "detail": detail]
        if let field { item["field"] = field }
        return .json(status, ["errors": [item]])
    }
}
