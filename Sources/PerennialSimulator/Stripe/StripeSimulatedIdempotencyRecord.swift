/// The answer stored under an `Idempotency-Key`, with what the request was, to tell a replay from a misuse.
/// Kept 24 hours of simulator time, as Stripe keeps keys.
struct StripeSimulatedIdempotencyRecord: Sendable {
    static let lifetime: Int64 = 86_400

    var method: String
    var path: String
    var params: StripeSimulatedParams
    var response: StripeSimulatedResponse
    var storedAt: Int64
}
