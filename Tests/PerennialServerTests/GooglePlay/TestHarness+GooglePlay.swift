import Foundation
import HummingbirdTesting
import NIOCore

extension TestHarness {
    /// Posts a purchase token as the Android app does after a purchase; the HTTP status and the body.
    func postGooglePurchase(_ appUserID: String, token: String, productID: String = "pro.monthly") async throws -> (status: Int, body: JSONObject) {
        let payload = try JSONSerialization.data(withJSONObject: ["app_user_id": appUserID, "purchase_token": token, "product_id": productID])
        return try await client.execute(
            uri: "/v1/google/purchases", method: .post,
            headers: [.authorization: "Bearer \(Self.publicKey)", .contentType: "application/json"],
            body: ByteBuffer(bytes: payload)
        ) { (Int($0.status.code), try JSONObject($0.body)) }
    }

    /// Moves the clock and lets the Play simulator do what the time brought (and push it).
    func advance(minutes: Double) async {
        await advance(days: minutes / 1_440)
        await play?.tick()
    }

    /// Runs the jobs due now (the clock does not move).
    func runDueJobs() async throws {
        while try await stack.runner.runOnce() {}
    }
}
