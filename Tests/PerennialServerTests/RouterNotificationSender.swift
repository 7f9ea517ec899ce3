import Foundation
import HummingbirdTesting
import NIOCore
import PerennialSimulator

/// Delivers the simulator's notifications straight into the in-process Perennial router: the URL's path is
/// requested as the App Store would POST it.
struct RouterNotificationSender: SimulatorNotificationSender {
    let client: any TestClientProtocol

    func post(url: String, body: Data) async -> Int? {
        guard let path = URL(string: url)?.path else { return nil }
        return try? await client.execute(
            uri: path, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body)
        ) { Int($0.status.code) }
    }
}
