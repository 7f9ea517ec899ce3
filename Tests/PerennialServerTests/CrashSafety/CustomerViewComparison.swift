import Foundation

/// Asks several servers of one database for the same customers (`GET /v1/customers/{id}`, the app's public
/// key) and reports every customer whose answers differ, `request_date` aside (each server's own clock).
struct CustomerViewComparison {
    let client: LoopbackClient
    let ports: [Int]

    /// One line per customer answered differently (or not with a 200), naming the customer.
    func differences(appUserIDs: [String]) async -> [String] {
        var differences: [String] = []
        for id in appUserIDs {
            var views: [String] = []
            for port in ports {
                let answer = await client.get(
                    "http://127.0.0.1:\(port)/v1/customers/\(id)", bearer: CrashSafetyWorkspace.publicKey, timeout: .seconds(30))
                views.append(answer.status == 200 ? Self.normalized(answer.body) : "status \(answer.status.map(String.init) ?? "none"): \(answer.body.prefix(200))")
            }
            if Set(views).count > 1 { differences.append("\(id): \(views.joined(separator: " | "))") }
        }
        return differences
    }

    /// The JSON with every `request_date` removed, keys sorted.
    static func normalized(_ body: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) else { return body }
        let cleaned = withoutRequestDates(object)
        guard let data = try? JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys]) else { return body }
        return String(decoding: data, as: UTF8.self)
    }

    private static func withoutRequestDates(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { $0.key != "request_date" }.mapValues(withoutRequestDates)
        }
        if let array = value as? [Any] { return array.map(withoutRequestDates) }
        return value
    }
}
