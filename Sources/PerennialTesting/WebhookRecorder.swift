import Foundation
import PerennialOutbound
import Synchronization

/// A merchant's webhook endpoint: records each delivery and answers the statuses a test scripts (200 once
/// the script runs out).
public final class WebhookRecorder: HTTPTransport, Sendable {
    private let state = Mutex<(deliveries: [HTTPTransportRequest], statuses: [Int])>(([], []))

    public init() {}

    public var deliveries: [HTTPTransportRequest] { state.withLock { $0.deliveries } }

    public func answer(_ statuses: [Int]) {
        state.withLock { $0.statuses = statuses }
    }

    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let status = state.withLock { state -> Int in
            state.deliveries.append(request)
            return state.statuses.isEmpty ? 200 : state.statuses.removeFirst()
        }
        return HTTPTransportResponse(status: status)
    }

    /// The value of `key` in each delivery's JSON body, in order (`event_type` for PayPal's, `type` for
    /// Square's).
    public func bodyField(_ key: String) -> [String] {
        deliveries.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.body))) as? [String: Any] }.compactMap { $0[key] as? String }
    }

    public func header(_ name: String, of delivery: HTTPTransportRequest) -> String? {
        delivery.headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
