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
}
