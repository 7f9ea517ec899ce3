import Foundation
import PerennialSimulatorKit

/// A PayPal API error as PayPal writes it: `{name, message, debug_id, details: [{issue, description}]}` with
/// its status (OAuth's own `{error, error_description}` for a bad token).
public struct PayPalSimulatedError: Error, Sendable {
    public var status: Int
    public var name: String
    public var message: String
    public var issue: String?

    static func notFound(_ what: String) -> PayPalSimulatedError {
        PayPalSimulatedError(status: 404, name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist.", issue: "INVALID_RESOURCE_ID: \(what)")
    }

    static func invalid(_ issue: String, _ description: String) -> PayPalSimulatedError {
        PayPalSimulatedError(status: 400, name: "INVALID_REQUEST", message: "Request is not well-formed, syntactically incorrect, or violates schema.", issue: "\(issue): \(description)")
    }

    static func unprocessable(_ issue: String, _ description: String) -> PayPalSimulatedError {
        PayPalSimulatedError(status: 422, name: "UNPROCESSABLE_ENTITY", message: "The requested action could not be performed, semantically incorrect, or failed business validation.", issue: "\(issue): \(description)")
    }

    /// The answer, with a `debug_id` PayPal's support would ask for.
    func response(debugID: String) -> SimulatedResponse {
        var body: [String: Any] = ["name": name, "message": message, "debug_id": debugID, "links": [] as [Any]]
        if let issue {
            let parts = issue.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            body["details"] = [["issue": parts[0], "description": parts.count > 1 ? parts[1] : parts[0]]]
        }
        var response = SimulatedResponse.json(status, body)
        response.headers["Paypal-Debug-Id"] = debugID
        return response
    }
}
