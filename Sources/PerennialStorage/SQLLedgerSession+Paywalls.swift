import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    public func latestPaywallRevisionNumber(appID: String) async throws -> Int? {
        try await sql.raw("""
            SELECT revision FROM paywall_revisions WHERE app_id = \(bind: appID) ORDER BY revision DESC LIMIT 1
            """).first().map { Int(try $0.int64("revision")) }
    }

    public func paywallRevision(appID: String, revision: Int) async throws -> PaywallRevisionRecord? {
        try await sql.raw("""
            SELECT * FROM paywall_revisions WHERE app_id = \(bind: appID) AND revision = \(bind: Int64(revision))
            """).first().map { try revisionRecord($0, withDocument: true) }
    }

    public func paywallRevisions(appID: String, before: Int?, limit: Int) async throws -> [PaywallRevisionRecord] {
        try await sql.raw("""
            SELECT app_id, revision, note, created_at FROM paywall_revisions
            WHERE app_id = \(bind: appID) AND revision < \(bind: Int64(before ?? Int.max))
            ORDER BY revision DESC LIMIT \(bind: limit)
            """).all().map { try revisionRecord($0, withDocument: false) }
    }

    private func revisionRecord(_ row: any SQLRow, withDocument: Bool) throws -> PaywallRevisionRecord {
        PaywallRevisionRecord(
            appID: try row.string("app_id"), revision: Int(try row.int64("revision")),
            document: withDocument ? try row.string("document") : "", note: try row.string("note"),
            createdAt: Instant(milliseconds: try row.int64("created_at"))
        )
    }

    public func insertPaywallRevision(_ record: PaywallRevisionRecord) async throws -> Bool {
        try await sql.raw("""
            INSERT INTO paywall_revisions (app_id, revision, document, note, created_at)
            VALUES (\(bind: record.appID), \(bind: Int64(record.revision)), \(bind: record.document), \(bind: record.note),
                    \(bind: record.createdAt.milliseconds))
            ON CONFLICT (app_id, revision) DO NOTHING
            RETURNING revision
            """).first() != nil
    }

    public func recordPaywallExposures(_ exposures: [PaywallExposureRecord]) async throws {
        guard !exposures.isEmpty else { return }
        let rows = exposures.map { exposure -> SQLQueryString in
            """
            (\(bind: exposure.appID), \(bind: exposure.appUserID), \(bind: exposure.placement), \(bind: exposure.paywallID),
             \(bind: Int64(exposure.revision)), \(bind: exposure.experiment?.experimentID), \(bind: exposure.experiment?.variantID),
             \(bind: exposure.context), \(bind: exposure.servedAt.milliseconds))
            """
        }
        try await sql.raw("""
            INSERT INTO paywall_exposures
                (app_id, app_user_id, placement, paywall_id, revision, experiment_id, variant_id, context, served_at)
            VALUES \(rows.joined(separator: ", "))
            """).run()
    }

    public func paywallExposures(appID: String, appUserID: String, limit: Int) async throws -> [PaywallExposureRecord] {
        try await sql.raw("""
            SELECT * FROM paywall_exposures WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            ORDER BY served_at DESC, id DESC LIMIT \(bind: limit)
            """).all().map { row in
            PaywallExposureRecord(
                appID: try row.string("app_id"), appUserID: try row.string("app_user_id"), placement: try row.string("placement"),
                paywallID: try row.optionalString("paywall_id"), revision: Int(try row.int64("revision")),
                experiment: try Self.assignment(row), context: try row.string("context"),
                servedAt: Instant(milliseconds: try row.int64("served_at"))
            )
        }
    }

    static func assignment(_ row: any SQLRow) throws -> ExperimentAssignment? {
        guard let experiment = try row.optionalString("experiment_id"), let variant = try row.optionalString("variant_id") else { return nil }
        return ExperimentAssignment(experimentID: experiment, variantID: variant)
    }

    public func recordPaywallEvent(_ event: PaywallEventRecord) async throws -> Bool {
        try await sql.raw("""
            INSERT INTO paywall_events (app_id, event_id, app_user_id, kind, placement, paywall_id, package_id, revision,
                experiment_id, variant_id, occurred_at, received_at)
            VALUES (\(bind: event.appID), \(bind: event.eventID), \(bind: event.appUserID), \(bind: event.kind.rawValue),
                    \(bind: event.placement), \(bind: event.paywallID), \(bind: event.packageID), \(bind: event.revision.map(Int64.init)),
                    \(bind: event.experiment?.experimentID), \(bind: event.experiment?.variantID), \(bind: event.occurredAt.milliseconds),
                    \(bind: event.receivedAt.milliseconds))
            ON CONFLICT (app_id, event_id) DO NOTHING
            RETURNING event_id
            """).first() != nil
    }

    public func experimentOutcomes(appID: String, experimentID: String) async throws -> [ExposedCustomerOutcome] {
        var outcomes: [String: ExposedCustomerOutcome] = [:]
        // The first exposure decides a customer's arm (a customer merged from two ids keeps the earlier one's).
        for row in try await sql.raw("""
            SELECT app_user_id, placement, variant_id, served_at FROM paywall_exposures
            WHERE app_id = \(bind: appID) AND experiment_id = \(bind: experimentID)
            ORDER BY app_user_id, served_at, id
            """).all() {
            let appUserID = try row.string("app_user_id")
            guard outcomes[appUserID] == nil else { continue }
            outcomes[appUserID] = ExposedCustomerOutcome(
                appUserID: appUserID, placement: try row.string("placement"),
                variantID: try row.optionalString("variant_id") ?? ExperimentAssignment.holdout,
                exposedAt: Instant(milliseconds: try row.int64("served_at")), contributions: [], paywallEvents: [:]
            )
        }
        let exposed: SQLQueryString = "SELECT app_user_id FROM paywall_exposures WHERE app_id = \(bind: appID) AND experiment_id = \(bind: experimentID)"
        for (owner, contributions) in try await contributions(appID: appID, ownedByAnyOf: exposed) {
            outcomes[owner]?.contributions += contributions
        }
        for row in try await sql.raw("""
            SELECT app_user_id, kind, COUNT(*) AS n FROM paywall_events
            WHERE app_id = \(bind: appID) AND experiment_id = \(bind: experimentID)
            GROUP BY app_user_id, kind
            """).all() {
            outcomes[try row.string("app_user_id")]?.paywallEvents[try row.string("kind")] = Int(try row.int64("n"))
        }
        return outcomes.values.sorted { $0.appUserID < $1.appUserID }
    }

    public func funnelOutcomes(appID: String, placement: String?, from: Instant, until: Instant) async throws -> [ExposedCustomerOutcome] {
        let placementFilter: SQLQueryString = placement.map { "AND placement = \(bind: $0)" } ?? ""
        var outcomes: [String: [String: ExposedCustomerOutcome]] = [:]
        for row in try await sql.raw("""
            SELECT placement, app_user_id, MIN(served_at) AS first_served FROM paywall_exposures
            WHERE app_id = \(bind: appID) AND served_at >= \(bind: from.milliseconds) AND served_at < \(bind: until.milliseconds) \(placementFilter)
            GROUP BY placement, app_user_id
            """).all() {
            let (placement, appUserID) = (try row.string("placement"), try row.string("app_user_id"))
            outcomes[appUserID, default: [:]][placement] = ExposedCustomerOutcome(
                appUserID: appUserID, placement: placement, variantID: "", exposedAt: Instant(milliseconds: try row.int64("first_served")),
                contributions: [], paywallEvents: [:])
        }
        let exposed: SQLQueryString = """
            SELECT app_user_id FROM paywall_exposures
            WHERE app_id = \(bind: appID) AND served_at >= \(bind: from.milliseconds) AND served_at < \(bind: until.milliseconds) \(placementFilter)
            """
        for (owner, contributions) in try await contributions(appID: appID, ownedByAnyOf: exposed) {
            for placement in outcomes[owner]?.keys.sorted() ?? [] { outcomes[owner]?[placement]?.contributions += contributions }
        }
        for row in try await sql.raw("""
            SELECT app_user_id, placement, kind, COUNT(*) AS n FROM paywall_events
            WHERE app_id = \(bind: appID) AND occurred_at >= \(bind: from.milliseconds) AND occurred_at < \(bind: until.milliseconds) \(placementFilter)
            GROUP BY app_user_id, placement, kind
            """).all() {
            outcomes[try row.string("app_user_id")]?[try row.string("placement")]?.paywallEvents[try row.string("kind")] = Int(try row.int64("n"))
        }
        return outcomes.values.flatMap(\.values).sorted { ($0.placement, $0.appUserID) < ($1.placement, $1.appUserID) }
    }

    /// The metric contributions of the subscriptions owned by the customers `owners` (a query of
    /// `app_user_id`s) selects, by owner.
    private func contributions(appID: String, ownedByAnyOf owners: SQLQueryString) async throws -> [(String, [MetricContribution])] {
        try await sql.raw("""
            SELECT s.owner_app_user_id, c.contributions FROM subscriptions s
            JOIN subscription_metric_contributions c
                ON c.app_id = s.app_id AND c.store = s.store AND c.subscription_id = s.subscription_id
            WHERE s.app_id = \(bind: appID) AND s.owner_app_user_id IN (\(owners))
            """).all().map { row in
            (try row.string("owner_app_user_id"),
             try JSONBody.decode(MetricContributionsBody.self, from: try row.string("contributions")).contributions)
        }
    }
}
