import PerennialCore
import Synchronization

/// Paywalls already filled in, by revision, paywall and what filling reads of a request (platform, country,
/// locale): filling formats every price for the locale, which costs more than the rest of a request. Kept
/// with the catalog it was filled from (whose list prices a configuration reload may change; copies of one
/// configuration compare by identity). A paywall whose strings name customer attributes is filled for each
/// customer, never kept. Bounded: forgotten all at once when full.
final class FilledPaywallMemo: Sendable {
    private let filled = Mutex<[String: (catalog: Catalog, paywall: ResolvedPaywall)]>([:])
    private let capacity: Int

    init(capacity: Int = 4_096) {
        self.capacity = capacity
    }

    /// The filled paywall for this key, made by `fill` the first time.
    func paywall(
        app: AppSettings, revision: Int, _ paywall: PaywallDefinition, _ context: PaywallContext, fill: () -> ResolvedPaywall
    ) -> ResolvedPaywall {
        let personal = paywall.strings.values.contains { strings in strings.values.contains { $0.contains(PaywallText.attributePrefix) } }
        guard !personal else { return fill() }
        let key = [app.id, String(revision), paywall.id, context.platform ?? "", context.country ?? "", context.locale ?? ""]
            .joined(separator: "\u{1F}")
        if let kept = filled.withLock({ $0[key] }), kept.catalog == app.catalog { return kept.paywall }
        let made = fill()
        filled.withLock { filled in
            if filled.count >= capacity { filled.removeAll(keepingCapacity: true) }
            filled[key] = (app.catalog, made)
        }
        return made
    }
}
