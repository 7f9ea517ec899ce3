import Foundation
import HummingbirdTesting
import PerennialCore
import PerennialSimulator
import Synchronization
import Testing

/// Customers of the other stores during the two-server run, beside the App Store's signed notifications:
/// some buy in the App Store and their apps post the receipt (verifyReceipt), some buy on Google Play and
/// their apps post the purchase token (Play's RTDN pushes follow), some buy on the web through a Stripe
/// Checkout Session Perennial makes (Stripe's webhooks follow). After the restart half of each change their
/// minds (auto-renew off on Play, cancel at period end on Stripe); half of the receipts are posted again.
///
/// One simulator, on this machine, plays the three stores on a real-time clock. Everything the apps and the
/// stores send goes through `pool`, to one server or the other.
final class OtherStoresTraffic: Sendable {
    static let customersPerStore = 12

    let simulator: AppStoreSimulator
    let play: PlaySimulator
    let stripe: StripeSimulator
    let stores: CrashSafetyWorkspace.OtherStores
    /// The servers, as the apps and the stores reach them.
    let pool: ServerPool
    /// The Play pushes the servers accepted.
    let playPushes: PlayPushLog
    /// Per Play customer the purchase token, per web customer the Stripe subscription's id.
    private let purchases = Mutex<[String: String]>([:])

    private init(
        simulator: AppStoreSimulator, play: PlaySimulator, stripe: StripeSimulator, stores: CrashSafetyWorkspace.OtherStores, pool: ServerPool
    ) {
        self.simulator = simulator
        self.play = play
        self.stripe = stripe
        self.stores = stores
        self.pool = pool
        playPushes = PlayPushLog(sending: pool)
    }

    /// The customers who buy with receipts, on Google Play and on the web.
    static let receiptCustomers = (0..<customersPerStore).map { "mix-receipt-\($0)" }
    static let playCustomers = (0..<customersPerStore).map { "mix-play-\($0)" }
    static let webCustomers = (0..<customersPerStore).map { "mix-web-\($0)" }
    static var appUserIDs: [String] { receiptCustomers + playCustomers + webCustomers }

    /// Runs `body` with the simulator served on a free port of 127.0.0.1, the Play pushes and Stripe
    /// webhooks sent through `pool`.
    static func run<Value: Sendable>(pool: ServerPool, _ body: @Sendable (OtherStoresTraffic) async throws -> Value) async throws -> Value {
        let clock = SimulatorClock(start: SystemClock().now(), rate: 1)
        var configuration = SimulatorConfiguration.example(timeScale: .manual)
        configuration.apps[0].bundleID = CrashSafetyWorkspace.bundleID
        configuration.apps[0].sharedSecret = CrashSafetyWorkspace.sharedSecret
        let simulator = try AppStoreSimulator(configuration: configuration, clock: clock)
        let play = try PlaySimulator(app: configuration.apps[0], clock: clock)
        let stripe = StripeSimulator(secretKey: CrashSafetyWorkspace.OtherStores.stripeSecretKey, clock: clock)
        let priceID = try await TestHarness.stripeMonthlyPrice(stripe, key: CrashSafetyWorkspace.OtherStores.stripeSecretKey)
        return try await SimulatorServer.makeApplication(simulator: simulator, play: play, stripe: stripe, port: 0).test(.live) { client in
            let base = "http://127.0.0.1:\(try #require(client.port))"
            let stores = CrashSafetyWorkspace.OtherStores(
                simulatorURL: base, stripePriceID: priceID, playServiceAccountKey: try await play.keyFile(tokenURI: base + "/token"))
            let traffic = OtherStoresTraffic(simulator: simulator, play: play, stripe: stripe, stores: stores, pool: pool)
            let endpoint = { (route: String) in "http://perennial.test/v1/\(route)/\(CrashSafetyWorkspace.appID)" }
            await play.setPush(PlayPushTarget(
                endpoint: endpoint("google/notifications"), audience: CrashSafetyWorkspace.OtherStores.playAudience,
                serviceAccountEmail: CrashSafetyWorkspace.OtherStores.playServiceAccountEmail), sender: traffic.playPushes)
            await stripe.setWebhookSender(pool)
            await stripe.setWebhookEndpoint(
                url: endpoint("stripe/webhooks"), secret: CrashSafetyWorkspace.OtherStores.stripeWebhookSecret)
            return try await body(traffic)
        }
    }

    /// Every customer buys once and the app tells Perennial; what went wrong, one line each.
    func buy() async -> [String] {
        await withTaskGroup(of: [String].self) { group in
            group.addTask { await self.each(Self.receiptCustomers, self.buyWithReceipt) }
            group.addTask { await self.each(Self.playCustomers, self.buyOnPlay) }
            group.addTask { await self.each(Self.webCustomers, self.buyOnTheWeb) }
            return await group.reduce(into: []) { $0 += $1 }
        }
    }

    /// Half of the Play and web customers change their minds, half of the receipts are posted again; what
    /// went wrong, one line each.
    func change() async -> [String] {
        let half = { (ids: [String]) in ids.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element) }
        return await each(half(Self.receiptCustomers), postReceiptAgain)
            + each(half(Self.playCustomers), cancelOnPlay)
            + each(half(Self.webCustomers), cancelOnTheWeb)
    }

    /// Sends the stores' pushes and webhooks as they come, until cancelled.
    func pump() async {
        while !Task.isCancelled {
            await play.deliver()
            await stripe.deliverDue()
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Waits until neither store has anything left to send; false at `limit`.
    func awaitStoresDelivered(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if await play.pushCounts.waiting == 0, await stripe.pendingWebhookCount() == 0 { return true }
            try? await Task.sleep(for: .milliseconds(200))
        }
        return false
    }

    /// What each customer must have once every change is in: whether the subscription renews, by customer.
    static func expectedWillRenew(_ appUserID: String) -> (store: String, willRenew: Bool)? {
        for (store, ids) in [("app_store", receiptCustomers), ("play_store", playCustomers), ("stripe", webCustomers)] {
            guard let index = ids.firstIndex(of: appUserID) else { continue }
            return (store, store == "app_store" || !index.isMultiple(of: 2))
        }
        return nil
    }

    private func each(_ ids: [String], _ action: @Sendable (String) async throws -> Void) async -> [String] {
        var problems: [String] = []
        for id in ids {
            do {
                try await action(id)
            } catch {
                problems.append("\(id): \(error)")
            }
        }
        return problems
    }

    private func buyWithReceipt(_ id: String) async throws {
        let purchase = try await simulator.purchase(account: id, bundleID: CrashSafetyWorkspace.bundleID, productID: CrashSafetyWorkspace.productID)
        try await post("/v1/receipts", ["app_user_id": id, "receipt_data": purchase.receiptData])
    }

    /// The app posts the account's receipt again (on a later launch): nothing changes.
    private func postReceiptAgain(_ id: String) async throws {
        let receipt = try await simulator.receiptData(account: id, bundleID: CrashSafetyWorkspace.bundleID, environment: .sandbox)
        try await post("/v1/receipts", ["app_user_id": id, "receipt_data": receipt])
    }

    private func buyOnPlay(_ id: String) async throws {
        let token = try await play.purchase(productID: CrashSafetyWorkspace.productID)
        purchases.withLock { $0[id] = token }
        try await post("/v1/google/purchases", ["app_user_id": id, "purchase_token": token, "product_id": CrashSafetyWorkspace.productID])
    }

    private func buyOnTheWeb(_ id: String) async throws {
        let session = try await post("/v1/stripe/checkout-sessions", ["app_user_id": id, "product_id": stores.stripePriceID])
        let sessionID = try #require(session["id"] as? String, "no session id in \(session)")
        let completed = try await stripe.completeCheckoutSession(sessionID)
        let subscription = try #require(
            completed["subscription"]?.string ?? completed["subscription"]?["id"]?.string, "no subscription in the completed session")
        purchases.withLock { $0[id] = subscription }
    }

    private func cancelOnPlay(_ id: String) async throws {
        try await play.cancelByUser(token: try #require(purchases.withLock { $0[id] }, "\(id) bought nothing on Play"))
    }

    private func cancelOnTheWeb(_ id: String) async throws {
        let subscription = try #require(purchases.withLock { $0[id] }, "\(id) bought nothing on the web")
        _ = try await TestHarness.callStripe(
            stripe, "POST", "/v1/subscriptions/\(subscription)", [("cancel_at_period_end", "true")],
            key: CrashSafetyWorkspace.OtherStores.stripeSecretKey)
    }

    /// A request of the customer's app with the public key, which must be answered 200; its JSON object.
    @discardableResult
    private func post(_ path: String, _ object: [String: String]) async throws -> [String: Any] {
        let answer = await pool.send(
            "POST", path: path, json: try JSONSerialization.data(withJSONObject: object),
            headers: ["authorization": "Bearer \(CrashSafetyWorkspace.publicKey)"])
        try #require(answer.status == 200, "POST \(path): \(answer.status.map(String.init) ?? "no answer") \(answer.body.prefix(300))")
        return try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
    }
}
