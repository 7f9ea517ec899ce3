import Foundation
import PerennialCore

extension JobQueue {
    /// Enqueues work whose input holds something secret (a receipt, a signed transaction): JSON-encoded,
    /// sealed with `secrets`, due at `runAt`, replacing a waiting job with the same key.
    func enqueueSealed(
        _ input: some Encodable, kind: String, appID: String, deduplicationKey: String, secrets: SecretBox, runAt: Instant
    ) async throws {
        try await enqueue(NewJob(
            kind: kind, appID: appID, payload: try secrets.seal(JSONEncoder().encode(input)), runAt: runAt,
            deduplicationKey: deduplicationKey
        ))
    }

    /// Opens the input of a job enqueued with `enqueueSealed`.
    func openSealed<Input: Decodable>(_ type: Input.Type, from job: Job, secrets: SecretBox) throws -> Input {
        try JSONDecoder().decode(type, from: secrets.open(job.payload))
    }
}
