/// An experiment on a placement: customers who would be shown a paywall there (and match the audience) are
/// split among 2 to 5 variants by weight, by a hash of the experiment and the customer
/// (`ExperimentBucketing`), with an optional holdout who keep the placement's own answer. Its design is
/// fixed before it starts; what started cannot change but by stopping it and starting another.
public struct Experiment: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable {
        /// Saved, not yet shown to anyone.
        case draft
        /// Shown: customers are bucketed and exposures recorded.
        case running
        /// Not shown for now; its results and bucketing are kept, and it may run again.
        case paused
        /// Over for good.
        case stopped
    }

    public struct Variant: Sendable, Hashable, Codable {
        public var id: String
        /// The paywall this variant shows; nil: none (to measure what showing nothing earns).
        public var paywall: String?
        /// A whole number from 1 to 1,000; a variant's share is its weight over the sum.
        public var weight: Int

        public init(id: String, paywall: String?, weight: Int) {
            self.id = id
            self.paywall = paywall
            self.weight = weight
        }
    }

    public var id: String
    public var placement: String
    /// Who takes part, besides being shown a paywall at the placement; nil: everyone.
    public var audience: PaywallCondition?
    public var variants: [Variant]
    /// The share of customers held out, in percent (0 to 50).
    public var holdoutPercent: Double
    public var design: ExperimentDesign
    /// Managed by the server (start, pause, stop).
    public var status: Status
    public var startedAt: Instant?
    public var stoppedAt: Instant?

    enum CodingKeys: String, CodingKey {
        case id, placement, audience, variants, status
        case holdoutPercent = "holdout_percent", minimumExposures = "minimum_exposures_per_variant", minimumDays = "minimum_days"
        case probabilityToCall = "probability_to_call", startedAt = "started_at_ms", stoppedAt = "stopped_at_ms"
    }

    public init(
        id: String, placement: String, audience: PaywallCondition? = nil, variants: [Variant], holdoutPercent: Double = 0,
        design: ExperimentDesign, status: Status = .draft, startedAt: Instant? = nil, stoppedAt: Instant? = nil
    ) {
        self.id = id
        self.placement = placement
        self.audience = audience
        self.variants = variants
        self.holdoutPercent = holdoutPercent
        self.design = design
        self.status = status
        self.startedAt = startedAt
        self.stoppedAt = stoppedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        placement = try container.decode(String.self, forKey: .placement)
        audience = try container.decodeIfPresent(PaywallCondition.self, forKey: .audience)
        variants = try container.decode([Variant].self, forKey: .variants)
        holdoutPercent = try container.decodeIfPresent(Double.self, forKey: .holdoutPercent) ?? 0
        design = ExperimentDesign(
            minimumExposuresPerVariant: try container.decode(Int.self, forKey: .minimumExposures),
            minimumDays: try container.decodeIfPresent(Int.self, forKey: .minimumDays) ?? 14,
            probabilityToCall: try container.decodeIfPresent(Double.self, forKey: .probabilityToCall) ?? 0.975
        )
        status = try container.decodeIfPresent(Status.self, forKey: .status) ?? .draft
        startedAt = try container.decodeIfPresent(Int64.self, forKey: .startedAt).map(Instant.init(milliseconds:))
        stoppedAt = try container.decodeIfPresent(Int64.self, forKey: .stoppedAt).map(Instant.init(milliseconds:))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(placement, forKey: .placement)
        try container.encodeIfPresent(audience, forKey: .audience)
        try container.encode(variants, forKey: .variants)
        try container.encode(holdoutPercent, forKey: .holdoutPercent)
        try container.encode(design.minimumExposuresPerVariant, forKey: .minimumExposures)
        try container.encode(design.minimumDays, forKey: .minimumDays)
        try container.encode(design.probabilityToCall, forKey: .probabilityToCall)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(startedAt?.milliseconds, forKey: .startedAt)
        try container.encodeIfPresent(stoppedAt?.milliseconds, forKey: .stoppedAt)
    }

    /// The holdout in basis points, as bucketing takes it.
    public var holdoutBasisPoints: Int { Int((holdoutPercent * 100).rounded()) }

    /// What a started experiment may not change: its variants, their weights and paywalls, its holdout,
    /// audience, placement and design.
    public func sameDesign(as other: Experiment) -> Bool {
        placement == other.placement && audience == other.audience && variants == other.variants && holdoutPercent == other.holdoutPercent
            && design == other.design
    }
}
