import Foundation
import HTTPTypes
import NIOCore
import PerennialCore
import PerennialServices
import Testing

/// `GET /v1/admin/jobs` and `POST /v1/admin/jobs/{id}/retry`: the dead letters of one app, re-queued by its
/// secret key only, payloads never shown.
@Suite("Job admin API")
struct JobAdminAPITests {
    func request(_ harness: TestHarness, _ method: HTTPRequest.Method, _ uri: String, key: String = TestHarness.secretKey) async throws -> (status: Int, body: JSONObject) {
        try await harness.client.execute(uri: uri, method: method, headers: [.authorization: "Bearer \(key)"]) {
            (Int($0.status.code), try JSONObject($0.body))
        }
    }

    @Test func buriedJobsAreListedAndRequeued() async throws {
        try await TestHarness.run { harness in
            let jobs = harness.stack.jobs
            let now = harness.clock.now()
            try await jobs.enqueue(NewJob(kind: "receipt.validate", appID: "forest", payload: Data("sealed receipt".utf8), runAt: now))
            try await jobs.enqueue(NewJob(kind: "receipt.validate", appID: "elsewhere", payload: Data(), runAt: now.adding(milliseconds: 60_000)))
            let claimed = try #require(try await jobs.claim(kinds: ["receipt.validate"], now: now, leaseMilliseconds: 1_000))
            try await jobs.bury(jobID: claimed.id, error: "store_unavailable")

            let listed = try await request(harness, .get, "/v1/admin/jobs?state=buried")
            #expect(listed.status == 200)
            #expect(listed.body["jobs"].array.count == 1)
            #expect(listed.body["jobs"][0]["id"].int == Int(claimed.id))
            #expect(listed.body["jobs"][0]["last_error"].string == "store_unavailable")
            #expect(listed.body["jobs"][0]["payload"].isNull)
            #expect(try await request(harness, .get, "/v1/admin/jobs").body["jobs"].array.count == 1, "another app's job is not shown")

            #expect(try await request(harness, .post, "/v1/admin/jobs/\(claimed.id)/retry", key: TestHarness.publicKey).status == 403)
            let retried = try await request(harness, .post, "/v1/admin/jobs/\(claimed.id)/retry")
            #expect(retried.status == 200)
            #expect(retried.body["state"].string == "waiting")
            #expect(retried.body["attempts"].int == 0)
            let again = try await request(harness, .post, "/v1/admin/jobs/\(claimed.id)/retry")
            #expect(again.status == 404)
            #expect(again.body["error"]["code"].string == "job_not_found")
            #expect(try await request(harness, .get, "/v1/admin/jobs?state=dead").status == 400)
            #expect(try await request(harness, .post, "/v1/admin/jobs/x/retry").status == 400)
        }
    }
}
