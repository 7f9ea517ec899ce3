/// Decides everything one subscription's facts require at an instant: the state (`SubscriptionEngine`), the
/// events its history implies (`EventDeriver`) against those already recorded, and the effects that follow.
/// A pure function of its inputs, like the engine: the same facts, recorded events and instant give the
/// same decision whatever order the facts arrived in.
///
/// Effects:
/// - `notify` for each new event;
/// - `acknowledge` for a purchase that grants access while its store says nobody acknowledged it;
/// - `checkStatus` at `SubscriptionState.validUntil`, when time alone will change the state.
public struct SubscriptionDecider: Sendable {
    /// The app's products; nil to infer each product's type from its facts.
    public var catalog: Catalog?

    /// A decider for an app's products (nil: each product's type inferred from its facts).
    public init(catalog: Catalog? = nil) {
        self.catalog = catalog
    }

    /// The decision for one subscription, or nil when it has no transaction (renewal info alone is no
    /// subscription). `recorded` are the events stored for it so far; events the deriver never derives
    /// (transfers between customers, retractions: `LifecycleEventKind.isRecordedBeside`) are never retracted.
    public func decide(
        transactions: [TransactionFact], renewalInfos: [RenewalInfoFact], recorded: [LifecycleEvent], at now: Instant
    ) -> SubscriptionDecision? {
        guard let state = SubscriptionEngine(catalog: catalog).state(transactions: transactions, renewalInfos: renewalInfos, at: now)
        else { return nil }
        let derived = EventDeriver(catalog: catalog).events(transactions: transactions, renewalInfos: renewalInfos, now: now)
        // Fingerprints carry ids, compared byte for byte as the database does.
        let recordedFingerprints = Set(recorded.map { ExactString($0.fingerprint) })
        let derivedFingerprints = Set(derived.map { ExactString($0.fingerprint) })
        var seen: Set<ExactString> = []
        let newEvents = derived.filter {
            let fingerprint = ExactString($0.fingerprint)
            return !recordedFingerprints.contains(fingerprint) && seen.insert(fingerprint).inserted
        }
        let retracted = recorded
            .filter { !$0.kind.isRecordedBeside && !derivedFingerprints.contains(ExactString($0.fingerprint)) }
            .map { ExactString($0.fingerprint) }
        var effects = newEvents.map(SubscriptionEffect.notify)
        if state.status.grantsAccess,
           let deciding = transactions.first(where: { $0.transactionID.isExactly(state.latestTransactionID) }),
           deciding.isAcknowledged == false {
            effects.append(.acknowledge(state.key, transactionID: deciding.transactionID))
        }
        if let next = state.validUntil, next > now {
            effects.append(.checkStatus(state.key, at: next))
        }
        return SubscriptionDecision(
            state: state, newEvents: newEvents, retractedEventFingerprints: Array(Set(retracted)).sorted().map(\.text), effects: effects)
    }
}
