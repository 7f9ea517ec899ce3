import PerennialCore
import PerennialServices
import PerennialStorage

/// Reads what the server left in the database and lists every way it differs from in-order, exactly-once
/// delivery of the workload: each notification settled `processed` once, each transaction and renewal-info
/// snapshot stored once, each claimed subscription owned by its customer with the state and events its full
/// history gives, nothing owned or derived for unclaimed subscriptions.
struct CrashSafetyAudit {
    let workload: CrashSafetyWorkload
    let app: AppSettings

    func audit(_ database: PerennialDatabase, at now: Instant) async throws -> CrashSafetyAuditResult {
        var result = CrashSafetyAuditResult()
        result.problems = try await inboxProblems(SQLNotificationInbox(database: database), into: &result)
        let ledger = SQLLedger(database: database)
        for subscription in workload.subscriptions {
            result.problems += try await ledgerProblems(subscription, ledger: ledger, at: now, into: &result)
        }
        result.problems += try await customerProblems(ledger: ledger)
        return result
    }

    private func inboxProblems(_ inbox: SQLNotificationInbox, into result: inout CrashSafetyAuditResult) async throws -> [String] {
        // The other stores' rows, when they took part, are `OtherStoresAudit`'s.
        let rows = try await inbox.notifications(appID: app.id, limit: workload.notifications.count * 2 + 10_000).filter { $0.store == .appStore }
        result.inboxRows = rows.count
        var problems: [String] = []
        let unsettled = rows.filter { $0.status != .processed }
        if !unsettled.isEmpty {
            problems.append("\(unsettled.count) inbox rows not processed: \(Dictionary(grouping: unsettled, by: \.status.rawValue).mapValues(\.count))")
        }
        let byUUID = Dictionary(grouping: rows.compactMap { $0.outcome?.notificationUUID }, by: { $0 }).mapValues(\.count)
        for notification in workload.notifications where byUUID[notification.uuid] != 1 {
            problems.append("notification \(notification.uuid): \(byUUID[notification.uuid] ?? 0) processed inbox rows, expected 1")
        }
        if rows.count != workload.notifications.count {
            problems.append("\(rows.count) inbox rows for \(workload.notifications.count) notifications")
        }
        return problems
    }

    private func ledgerProblems(
        _ subscription: WorkloadSubscription, ledger: SQLLedger, at now: Instant, into result: inout CrashSafetyAuditResult
    ) async throws -> [String] {
        let key = subscription.key
        let appID = app.id
        let stored = try await ledger.read { ledger in
            StoredSubscription(
                transactions: try await ledger.transactions(appID: appID, subscription: key),
                renewalInfos: try await ledger.renewalInfos(appID: appID, subscription: key),
                owner: try await ledger.subscriptionOwner(appID: appID, subscription: key),
                state: try await ledger.subscriptionState(appID: appID, subscription: key),
                events: try await ledger.events(appID: appID, subscription: key)
            )
        }
        result.transactions += stored.transactions.count
        result.renewalInfos += stored.renewalInfos.count
        result.ownedSubscriptions += stored.owner == nil ? 0 : 1
        result.events += stored.events.count
        var problems: [String] = []
        let name = "subscription \(key.id)"
        let transactionIDs = stored.transactions.map(\.transactionID).sorted()
        let expectedIDs = subscription.transactionFacts.map(\.transactionID).sorted()
        if transactionIDs != expectedIDs { problems.append("\(name): transactions \(transactionIDs), expected \(expectedIDs)") }
        let observed = stored.renewalInfos.map(\.observedAt.milliseconds).sorted()
        let expectedObserved = subscription.renewalInfoFacts.map(\.observedAt.milliseconds).sorted()
        if observed != expectedObserved { problems.append("\(name): renewal infos observed at \(observed), expected \(expectedObserved)") }
        if stored.owner != subscription.owner {
            problems.append("\(name): owned by \(stored.owner ?? "nobody"), expected \(subscription.owner ?? "nobody")")
        }
        let expectedState = subscription.owner == nil ? nil : SubscriptionEngine(catalog: app.catalog).state(
            transactions: subscription.transactionFacts, renewalInfos: subscription.renewalInfoFacts, at: now
        )
        if stored.state != expectedState {
            let (found, wanted) = (Self.brief(stored.state), Self.brief(expectedState))
            let detail = found == wanted ? "\(String(describing: stored.state)), expected \(String(describing: expectedState))" : "\(found), expected \(wanted)"
            problems.append("\(name): state \(detail)")
        }
        let events = stored.events.map { "\($0.appUserID) \($0.event.fingerprint)" }.sorted()
        let derived = subscription.owner.map { owner in
            EventDeriver(catalog: app.catalog).events(
                transactions: subscription.transactionFacts, renewalInfos: subscription.renewalInfoFacts, now: now
            ).map { "\(owner) \($0.fingerprint)" }.sorted()
        } ?? []
        if events != derived { problems.append("\(name): events \(events), expected \(derived)") }
        return problems
    }

    /// The fields of a state that tell a wrong fold, in one line.
    private static func brief(_ state: SubscriptionState?) -> String {
        guard let state else { return "none" }
        return "\(state.status) until \(state.expiresAt.map(String.init(describing:)) ?? "-"), \(state.renewalCount) renewals, "
            + "latest \(state.latestTransactionID), will renew \(state.willRenew)"
    }

    private func customerProblems(ledger: SQLLedger) async throws -> [String] {
        let owners = Dictionary(grouping: workload.subscriptions.filter { $0.owner != nil }, by: { $0.owner ?? "" })
        let appID = app.id
        var problems: [String] = []
        for (owner, subscriptions) in owners {
            let keys = try await ledger.read { ledger in
                guard try await ledger.customer(appID: appID, appUserID: owner) != nil else { return [SubscriptionKey]?.none }
                return try await ledger.subscriptions(appID: appID, appUserID: owner).map(\.key)
            }
            let expected = subscriptions.map(\.key).sorted()
            if keys?.sorted() != expected {
                problems.append("customer \(owner): subscriptions \(keys.map { "\($0.sorted())" } ?? "none (no customer)"), expected \(expected)")
            }
        }
        return problems
    }
}
