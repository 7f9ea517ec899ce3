import PerennialCore

/// A charge that paid an invoice, with its disputes, as read from the API.
public struct StripeChargeRecord: Sendable, Hashable {
    public var charge: StripeCharge
    public var disputes: [StripeDispute]

    public init(charge: StripeCharge, disputes: [StripeDispute] = []) {
        self.charge = charge
        self.disputes = disputes
    }

    /// The charge's money gone back: a lost dispute (the earliest), else a full refund (dated by its last
    /// effective refund; by the charge when Stripe listed none). A partial refund revokes nothing; a dispute
    /// still open, won, prevented or closed as a warning neither.
    public var revocation: StripeRevocation? {
        if let lost = disputes.filter(\.isLost).compactMap({ dispute in dispute.created.map { (dispute, $0) } }).min(by: { $0.1 < $1.1 }) {
            return StripeRevocation(at: Instant(stripeSeconds: lost.1), reason: "dispute_lost")
        }
        guard charge.refunded == true else { return nil }
        let refunds = (charge.refunds?.data ?? []).filter(\.isEffective)
        let last = refunds.filter { $0.created != nil }.max { ($0.created ?? 0, $0.id) < ($1.created ?? 0, $1.id) }
        guard let seconds = last?.created ?? charge.created else { return nil }
        return StripeRevocation(at: Instant(stripeSeconds: seconds), reason: last?.reason ?? "refund")
    }
}
