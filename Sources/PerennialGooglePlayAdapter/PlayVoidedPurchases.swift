import PerennialCore
import PerennialGooglePlay
import PerennialServices

/// Refunds, chargebacks and revocations, from `purchases.voidedpurchases.list` (the record Google keeps; a
/// notification alone is never trusted): a voided order of the purchase becomes the cancellation of that
/// transaction.
struct PlayVoidedPurchases: Sendable {
    /// How far back a sweep looks (Google keeps voided purchases for 30 days).
    static let window: Int64 = 30 * 86_400_000

    let connection: PlayAppConnection
    let clock: any Clock

    /// `facts` with the voided orders of `token` cancelled at their voided time.
    func applied(to facts: FactBatch, token: String) async throws -> FactBatch {
        let voided: [PlayVoidedPurchase]
        do {
            voided = try await connection.client.voidedPurchases(since: clock.now().adding(milliseconds: -Self.window))
        } catch {
            throw error.perennialError
        }
        return Self.apply(voided.filter { $0.purchaseToken == token }, to: facts)
    }

    /// Cancels each transaction whose order a voided purchase names.
    static func apply(_ voided: [PlayVoidedPurchase], to facts: FactBatch) -> FactBatch {
        var facts = facts
        for entry in voided {
            guard let time = entry.voidedTimeMillis.flatMap(Int64.init).map(Instant.init(milliseconds:)) else { continue }
            for index in facts.transactions.indices where facts.transactions[index].transactionID == entry.orderId {
                facts.transactions[index].cancelledAt = time
                facts.transactions[index].cancellationReason = entry.voidedReason.map(String.init)
            }
        }
        return facts
    }
}
