import Foundation
import PerennialOutbound
import Synchronization

/// A merchant's webhook endpoint: records each delivery and answers the statuses a test scripts (200 once
/// the script runs out).
final class WebhookRecorder: HTTPTransport, Sendable {
    private let state = Mutex<(deliveries: [HTTPTransportRequest], statuses: [Int])>(([], []))

    var deliveries: [HTTPTransportRequest] { state.withLock { $0.deliveries } }

    func answer(_ statuses: [Int]) {
        state.withLock { $0.statuses = statuses }
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let status = state.withLock { state -> Int in
            state.deliveries.append(request)
            return state.statuses.isEmpty ? 200 : state.statuses.removeFirst()
        }
        return HTTPTransportResponse(status: status)
    }

    /// The event type of each delivery, in order.
    var eventTypes: [String] {
        deliveries.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.body))) as? [String: Any] }.compactMap { $0["event_type"] as? String }
    }

    func header(_ name: String, of delivery: HTTPTransportRequest) -> String? {
        delivery.headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
