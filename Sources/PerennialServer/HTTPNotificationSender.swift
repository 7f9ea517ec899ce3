import Foundation
import PerennialAppStore
import PerennialOutbound
import PerennialSimulator

/// Delivers the simulator's notifications over HTTP, as the App Store does.
struct HTTPNotificationSender: SimulatorNotificationSender {
    let transport: any HTTPTransport

    func post(url: String, body: Data) async -> Int? {
        let request = HTTPTransportRequest(
            method: "POST", url: url, headers: [HTTPTransportHeader(name: "Content-Type", value: "application/json")],
            body: Array(body), timeout: .seconds(30)
        )
        return try? await transport.send(request).status
    }
}
