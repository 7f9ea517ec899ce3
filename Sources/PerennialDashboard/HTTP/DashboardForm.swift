import Foundation
import Hummingbird
import PerennialServices

/// A form a dashboard page posted (`application/x-www-form-urlencoded`), read whole up to a limit (64 KiB
/// unless the page says otherwise: the paywall editor's documents are larger).
struct DashboardForm: Sendable {
    private var fields: [String: String] = [:]

    static let maximumBytes = 65_536

    /// The request's form; a body longer than `limit` (413) or not a form (400) is refused.
    static func read(_ request: Request, limit: Int = maximumBytes) async throws -> DashboardForm {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            throw PerennialError(.badRequest, "the page sent something other than its form")
        }
        let buffer = try await request.body.collect(upTo: limit)
        return DashboardForm(encoded: String(buffer: buffer))
    }

    init(encoded: String) {
        for pair in encoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { continue }
            fields[name] = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
        }
    }

    /// The field's value; nil when the form lacks it.
    subscript(_ name: String) -> String? { fields[name] }

    /// The field's value trimmed, nil when missing or empty.
    func text(_ name: String) -> String? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// A comma-separated list of app ids; nil when the field is empty (every app).
    func appIDs(_ name: String) -> [String]? {
        text(name).map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
