/// How a customer's journey stage is derived from what Perennial knows of them — their subscriptions and
/// purchases on every store as the engine last concluded them, when they were first seen, and when the app
/// last reported them active — in this order:
///
/// 1. Something grants access now: `lapsing` if a subscription among them will not renew or is in its grace
///    period; else `trial` if one is a free trial; else `subscriber`.
/// 2. A subscription is in billing retry or paused: `lapsing`.
/// 3. A subscription (or a non-renewing purchase) ended: `churned`, with the reason of the one that ended
///    last.
/// 4. Nothing bought that lasts: `new` within `newForDays` of being first seen; `engaged` if active within
///    `inactiveAfterDays` (first seen counts as active); else `lapsing`.
public struct JourneyStageRule: Sendable, Hashable, Codable {
    public var newForDays: Int
    public var inactiveAfterDays: Int

    enum CodingKeys: String, CodingKey {
        case newForDays = "new_for_days", inactiveAfterDays = "inactive_after_days"
    }

    /// The most days either count may be (a document asking for more is refused).
    public static let maximumDays = 3_650

    public init(newForDays: Int = 3, inactiveAfterDays: Int = 14) {
        self.newForDays = min(max(0, newForDays), Self.maximumDays)
        self.inactiveAfterDays = min(max(1, inactiveAfterDays), Self.maximumDays)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let newForDays = try container.decodeIfPresent(Int.self, forKey: .newForDays) ?? 3
        let inactiveAfterDays = try container.decodeIfPresent(Int.self, forKey: .inactiveAfterDays) ?? 14
        guard (0...Self.maximumDays).contains(newForDays) else {
            throw DecodingError.dataCorruptedError(forKey: .newForDays, in: container, debugDescription: "0 to \(Self.maximumDays)")
        }
        guard (1...Self.maximumDays).contains(inactiveAfterDays) else {
            throw DecodingError.dataCorruptedError(forKey: .inactiveAfterDays, in: container, debugDescription: "1 to \(Self.maximumDays)")
        }
        self.init(newForDays: newForDays, inactiveAfterDays: inactiveAfterDays)
    }

    public func stage(of states: [SubscriptionState], firstSeenAt: Instant, lastActiveAt: Instant?, at now: Instant) -> JourneyStage {
        let lasting = states.filter { $0.productType != .consumable }
        let access = lasting.filter(\.grantsAccess)
        if !access.isEmpty {
            let renewing = access.filter { $0.productType == .autoRenewable }
            if renewing.contains(where: { !$0.willRenew || $0.status == .gracePeriod }) { return .lapsing }
            return renewing.contains { $0.status == .trial } ? .trial : .subscriber
        }
        if lasting.contains(where: { $0.status == .billingRetry || $0.status == .paused }) { return .lapsing }
        if let last = lasting.max(by: { ($0.expiresAt ?? $0.revokedAt ?? $0.latestPurchasedAt) < ($1.expiresAt ?? $1.revokedAt ?? $1.latestPurchasedAt) }) {
            return .churned(reason: last.status == .revoked ? nil : last.expirationReason)
        }
        let day: Int64 = 86_400_000
        if now.milliseconds - firstSeenAt.milliseconds < Int64(newForDays) * day { return .new }
        let active = max(lastActiveAt ?? firstSeenAt, firstSeenAt)
        return now.milliseconds - active.milliseconds < Int64(inactiveAfterDays) * day ? .engaged : .lapsing
    }
}
