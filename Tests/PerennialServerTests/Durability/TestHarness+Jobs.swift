import Foundation
import NIOCore
import PerennialServices

extension TestHarness {
    /// Runs queued jobs until none is left waiting, moving simulated time on by `step` between rounds so
    /// retries come due; gives up after `rounds`. Returns the jobs left (buried ones, or those still
    /// waiting when it gave up).
    @discardableResult
    func drainJobs(step: Duration = .seconds(120), rounds: Int = 40) async throws -> [Job] {
        for _ in 0..<rounds {
            while try await stack.runner.runOnce() {}
            let left = try await stack.jobs.work()
            if left.allSatisfy({ $0.state == .buried }) { return left }
            _ = await simulator.advanceClock(by: step)
        }
        return try await stack.jobs.work()
    }

    /// Posts a StoreKit 2 signed transaction as the app does.
    func postTransaction(_ signedTransaction: String, appUserID: String, key: String = publicKey) async throws -> (status: Int, body: JSONObject) {
        let payload = try JSONSerialization.data(withJSONObject: ["app_user_id": appUserID, "signed_transaction": signedTransaction])
        return try await client.execute(
            uri: "/v1/transactions", method: .post, headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
            body: ByteBuffer(bytes: payload)
        ) { response in (Int(response.status.code), try JSONObject(response.body)) }
    }
}
