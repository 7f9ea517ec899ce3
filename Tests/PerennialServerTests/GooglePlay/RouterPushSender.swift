import Foundation
import HummingbirdTesting
import NIOCore
import PerennialSimulator

/// Delivers the Play simulator's Pub/Sub pushes straight into the in-process Perennial router.
struct RouterPushSender: PlayPushSender {
    let client: any TestClientProtocol

    func post(url: String, authorization: String, body: Data) async -> Int? {
        guard let path = URL(string: url)?.path else { return nil }
        return try? await client.execute(
            uri: path, method: .post, headers: [.contentType: "application/json", .authorization: authorization],
            body: ByteBuffer(bytes: body)
        ) { Int($0.status.code) }
    }
}
