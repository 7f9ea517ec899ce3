import Foundation
import PerennialOutbound
import PerennialSimulator

/// Delivers the Play simulator's RTDN over HTTP, as a Pub/Sub push subscription with authentication does.
struct HTTPPlayPushSender: PlayPushSender {
    let transport: any HTTPTransport

    func post(url: String, authorization: String, body: Data) async -> Int? {
        let request = HTTPTransportRequest(
            method: "POST", url: url,
            headers: [
                HTTPTransportHeader(name: "Content-Type", value: "application/json"),
                HTTPTransportHeader(name: "Authorization", value: authorization),
            ],
            body: Array(body), timeout: .seconds(30)
        )
        return try? await transport.send(request).status
    }
}
