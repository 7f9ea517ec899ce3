import PerennialCore

extension PaywallService {
    /// A paywall event as the app reports it.
    public struct ReportedEvent: Sendable {
        /// The app's id for the event (retries send the same): 1 to 128 printable ASCII characters.
        public var id: String
        public var type: String
        public var placement: String
        public var paywallID: String?
        public var packageID: String?
        public var occurredAt: Instant?

        public init(id: String, type: String, placement: String, paywallID: String?, packageID: String?, occurredAt: Instant?) {
            self.id = id
            self.type = type
            self.placement = placement
            self.paywallID = paywallID
            self.packageID = packageID
            self.occurredAt = occurredAt
        }
    }

    /// Records a paywall event for the customer, with the revision and experiment arm of the exposure it
    /// follows (the customer's latest at the placement, of the same paywall when the app names it). Returns
    /// whether it was new (a retry of a recorded id changes nothing).
    @discardableResult
    public func record(_ event: ReportedEvent, app: AppSettings, appUserID: String) async throws -> Bool {
        try AppUserIDRule.validated(appUserID)
        guard let kind = PaywallEventRecord.Kind(rawValue: event.type) else {
            throw PerennialError(.invalidPaywallEvent, "type: one of \(PaywallEventRecord.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard (1...128).contains(event.id.utf8.count), event.id.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw PerennialError(.invalidPaywallEvent, "id: 1 to 128 printable ASCII characters, the same on every retry")
        }
        for (name, value) in [("placement", event.placement), ("paywall_id", event.paywallID), ("package_id", event.packageID)] {
            if let value, !PaywallDocumentValidator.isValidID(value) {
                throw PerennialError(.invalidPaywallEvent, "\(name): 1 to 64 letters, digits, '_', '-' or '.'")
            }
        }
        let now = clock.now()
        let occurredAt = event.occurredAt ?? now
        let day: Int64 = 86_400_000
        guard occurredAt.milliseconds <= now.milliseconds + day, occurredAt.milliseconds >= now.milliseconds - 30 * day else {
            throw PerennialError(.invalidPaywallEvent, "occurred_at_ms: within the last 30 days")
        }
        let owner = try await identity.resolve(app: app, appUserID: appUserID)
        return try await log.write { session in
            let recent = try await session.paywallExposures(appID: app.id, appUserID: owner, limit: 50).filter { $0.placement == event.placement }
            let exposure = recent.first { event.paywallID == nil || $0.paywallID == event.paywallID } ?? recent.first
            let record = PaywallEventRecord(
                appID: app.id, eventID: event.id, appUserID: owner, kind: kind, placement: event.placement,
                paywallID: event.paywallID ?? exposure?.paywallID, packageID: event.packageID, revision: exposure?.revision,
                experiment: exposure?.experiment, occurredAt: occurredAt, receivedAt: now
            )
            guard try await session.recordPaywallEvent(record) else { return false }
            // A customer who reports a paywall event is one of the app's, like one who logs in.
            _ = try await session.findOrCreateCustomer(appID: app.id, appUserID: owner, createdAt: now)
            // The team's systems hear of it as a lifecycle event of the customer (webhooks, the event feed).
            let recorded = try await session.appendEvents(appID: app.id, appUserID: owner, [Self.lifecycleEvent(record)], recordedAt: now)
            try await WebhookOutbox.record(recorded, app: app, at: now, in: session)
            return true
        }
    }

    /// A paywall event as a lifecycle event of its customer.
    static func lifecycleEvent(_ record: PaywallEventRecord) -> LifecycleEvent {
        var details = ["type": record.kind.rawValue, "placement": record.placement, "event_id": record.eventID]
        details["paywall_id"] = record.paywallID
        details["package_id"] = record.packageID
        details["revision"] = record.revision.map(String.init)
        details["experiment_id"] = record.experiment?.experimentID
        details["variant_id"] = record.experiment?.variantID
        return LifecycleEvent(
            kind: .paywallEvent, subscription: SubscriptionKey(store: .identity, id: record.appUserID), productID: "",
            occurredAt: record.occurredAt, details: details)
    }
}
