import Foundation
import PerennialCore
import PerennialServices
import PerennialSimulator
import PerennialStorage

/// After the two-server run, what the other stores' traffic must have left: every Play push and every Stripe
/// webhook the stores got a 2xx for stored once and processed once (a body sent again after the kill is the
/// same notification), and every customer showing the one subscription they bought, renewing unless they
/// turned it off.
struct OtherStoresAudit {
    let traffic: OtherStoresTraffic

    /// One line per difference, none when the run left what it must.
    func problems(in database: PerennialDatabase, client: LoopbackClient, port: Int) async throws -> [String] {
        let rows = try await SQLNotificationInbox(database: database).notifications(appID: CrashSafetyWorkspace.appID, limit: 100_000)
        let pushes = await traffic.play.pushCounts
        let playIDs = Set(traffic.playPushes.acceptedMessageIDs.map { "pubsub:\($0)" })
        let stripeIDs = Set(await traffic.stripe.webhookAttempts().filter(\.delivered).map(\.eventID))
        var problems = Self.inboxProblems(rows.filter { $0.store == .playStore }, expected: playIDs, store: "Google Play")
            + Self.inboxProblems(rows.filter { $0.store == .stripe }, expected: stripeIDs, store: "Stripe")
        if playIDs.count != pushes.delivered { problems.append("\(pushes.delivered) Play pushes delivered, \(playIDs.count) distinct") }
        if pushes.waiting > 0 { problems.append("\(pushes.waiting) Play pushes never got a 2xx") }
        let undelivered = await traffic.stripe.pendingWebhookCount()
        if undelivered > 0 { problems.append("\(undelivered) Stripe webhooks never got a 2xx") }
        for id in OtherStoresTraffic.appUserIDs {
            problems += await customerProblems(id, client: client, port: port)
        }
        return problems
    }

    /// Each expected notification id processed in exactly one inbox row, and no other rows.
    private static func inboxProblems(_ rows: [InboundNotification], expected: Set<String>, store: String) -> [String] {
        var problems: [String] = []
        if expected.isEmpty { problems.append("\(store) sent nothing") }
        let unsettled = rows.filter { $0.status != .processed }
        if !unsettled.isEmpty { problems.append("\(store): \(unsettled.count) inbox rows not processed") }
        let counts = Dictionary(grouping: rows.compactMap { $0.outcome?.notificationUUID }, by: { $0 }).mapValues(\.count)
        for id in expected.sorted() where counts[id] != 1 {
            problems.append("\(store) notification \(id): \(counts[id] ?? 0) processed inbox rows, expected 1")
        }
        let unexpected = Set(counts.keys).subtracting(expected)
        if !unexpected.isEmpty { problems.append("\(store): inbox rows for notifications never sent: \(unexpected.sorted().prefix(5))") }
        return problems
    }

    /// The customer's one subscription, in the store they bought in, renewing or not as they chose, with
    /// the entitlement it grants.
    private func customerProblems(_ id: String, client: LoopbackClient, port: Int) async -> [String] {
        guard let expected = OtherStoresTraffic.expectedWillRenew(id) else { return ["\(id) is no customer of the other stores"] }
        let answer = await client.get("http://127.0.0.1:\(port)/v1/customers/\(id)", bearer: CrashSafetyWorkspace.publicKey, timeout: .seconds(30))
        guard answer.status == 200, let object = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any],
              let subscriptions = object["subscriptions"] as? [[String: Any]], let entitlements = object["entitlements"] as? [[String: Any]]
        else { return ["\(id): GET /v1/customers answered \(answer.status.map(String.init) ?? "nothing") \(answer.body.prefix(200))"] }
        let found = subscriptions.map { "\($0["store"] as? String ?? "?") renews \($0["will_renew"] as? Bool ?? false)" }
        var problems: [String] = []
        if found != ["\(expected.store) renews \(expected.willRenew)"] {
            problems.append("\(id): subscriptions \(found), expected one on \(expected.store) that renews \(expected.willRenew)")
        }
        if !entitlements.contains(where: { $0["identifier"] as? String == "pro" }) { problems.append("\(id): no pro entitlement") }
        return problems
    }
}
