import _CryptoExtras
import Foundation
import PerennialCore
import PerennialGooglePlay
import PerennialServices

/// Google Play as a store adapter. Its notifications are Real-time developer notifications pushed by
/// Pub/Sub to `POST /v1/google/notifications/{app_id}`: the push's OIDC token is checked before anything is
/// stored, and the notification only says which purchase changed — its facts come from reading the purchase
/// from the Developer API (Google's guidance). It translates, it never decides.
public struct GooglePlayAdapter: StoreAdapter {
    public let store = Store.playStore
    public let errorCodes = ErrorCode.googlePlay
    public let notificationPathSegment = "google"

    /// Where a customer manages one Play subscription: Google's deep link to it in the Play Store, with the
    /// app's package and `{product_id}` (the subscription's product) to fill in.
    public static func managementURLTemplate(packageName: String) -> String {
        let package = packageName.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "._"))) ?? packageName
        return "https://play.google.com/store/account/subscriptions?sku={product_id}&package=\(package)"
    }

    let connections: PlayConnections
    let reader: PlayPurchaseReader
    let clock: any Clock
    /// What push tokens are checked against: Google signs a push when it sends it, in real time, whatever
    /// `clock` says of the purchases (a simulated clock, in tests).
    let tokenClock: any Clock
    let voided = PlayVoidedCache()

    public init(connections: PlayConnections, ledger: any Ledger, clock: any Clock, tokenClock: any Clock = SystemClock()) {
        self.connections = connections
        reader = PlayPurchaseReader(ledger: ledger, clock: clock)
        self.clock = clock
        self.tokenClock = tokenClock
    }

    public func authenticateNotification(_ request: NotificationRequest, app: AppSettings) async throws {
        let authorization = request.header("authorization")
        let connection = try connections.connection(for: app)
        guard let expectation = connection.push else {
            throw PerennialError(.notificationUnauthenticated, "the app's google settings configure no Pub/Sub push")
        }
        let googleKeys: [String: _RSA.Signing.PublicKey]
        do {
            googleKeys = try await connection.keys.keys(forKeyID: PlayPushToken.keyID(authorization: authorization))
        } catch {
            throw error.perennialError
        }
        do {
            try PlayPushToken.verify(authorization: authorization, keys: googleKeys, expectation: expectation, now: tokenClock.now())
        } catch {
            throw PerennialError(.notificationUnauthenticated, "the push's token was refused (\(error.reason.rawValue))")
        }
    }

    public func statusPolling(app: AppSettings) -> StatusPollingSettings? {
        (try? connections.connection(for: app))?.statusPolling
    }

    public func diagnose(app: AppSettings, activity: StoreActivity) async -> [StoreDiagnosis] {
        guard let connection = try? connections.connection(for: app) else { return [] }
        return await PlaySetupCheck(app: app, connection: connection, activity: activity, now: clock.now()).run()
    }

    public func notificationFormatVersion(of body: Data) throws -> Int {
        guard PlayPushEnvelope.decode(body) != nil else {
            throw PerennialError(.invalidNotification, "not a Pub/Sub push message with data and a message id")
        }
        return 1
    }

    public func verifyNotification(_ body: Data, app: AppSettings) async throws -> VerifiedStoreNotification {
        let connection = try connections.connection(for: app)
        guard let envelope = PlayPushEnvelope.decode(body), let notification = envelope.notification else {
            throw PerennialError(.invalidNotification, "the Pub/Sub message's data is not a developer notification")
        }
        guard notification.packageName == connection.packageName else {
            throw PerennialError(.invalidAppIdentifier, "the notification is for another package")
        }
        var facts = FactBatch()
        if let token = notification.subscriptionToken {
            facts = try await reader.subscriptionFacts(token: token, app: app, connection: connection)
        } else if let product = notification.oneTimeProductNotification {
            facts = try await reader.productFacts(productID: product.sku, token: product.purchaseToken, app: app, connection: connection)
        } else if let voided = notification.voidedPurchaseNotification,
                  let known = try await reader.subscription(of: voided.purchaseToken, app: app) {
            // A one-time product's refund: only a purchase Perennial read before can be read again.
            facts = try await reader.currentFacts(of: known, app: app, connection: connection)
        }
        if notification.announcesVoiding, let token = notification.voidedPurchaseNotification?.purchaseToken ?? notification.subscriptionToken {
            facts = try await PlayVoidedPurchases(connection: connection, clock: clock).applied(to: facts, token: token)
        }
        return VerifiedStoreNotification(
            notificationUUID: envelope.message.id.map { "pubsub:\($0)" }, notificationType: notification.typeName,
            subtype: nil, facts: facts
        )
    }

    /// The purchase as Google holds it now, with the refunds and revocations its voided purchases list.
    public func currentFacts(of subscription: SubscriptionKey, app: AppSettings) async throws -> FactBatch? {
        let connection = try connections.connection(for: app)
        let facts = try await reader.currentFacts(of: subscription, app: app, connection: connection)
        let byOrder = await voided.voided(app: app, connection: connection, now: clock.now())
        return PlayVoidedPurchases.apply(facts.transactions.compactMap { byOrder[$0.transactionID] }, to: facts)
    }

    /// The sweep of voided purchases, for each app with Google Play settings, and the pull of its RTDN when
    /// it pulls them.
    public func periodicJobs(app: AppSettings, at now: Instant) async throws -> [NewJob] {
        guard let connection = try? connections.connection(for: app) else { return [] }
        var jobs = [try PlayVoidedSweepJob.job(appID: app.id, at: now)]
        if connection.pull != nil { jobs.append(try PlayPubSubPullJob.job(appID: app.id, at: now)) }
        return jobs
    }

    /// Acknowledges a purchase Google has not recorded as acknowledged (it refunds those after three days):
    /// reads it first (an acknowledged one is left alone, so doing it twice is harmless), then answers the
    /// purchase as Google gives it afterwards.
    public func perform(_ effect: SubscriptionEffect, app: AppSettings) async throws -> FactBatch {
        guard case .acknowledge(let subscription, _) = effect else {
            throw PerennialError(.storeNotSupported, "Google Play performs acknowledgements only")
        }
        let connection = try connections.connection(for: app)
        if let productID = try await reader.oneTimeProduct(of: subscription, app: app) {
            let purchase = try await reader.readProduct(productID: productID, token: subscription.id, connection: connection)
            if purchase.acknowledgementState != 1, purchase.purchaseState == 0 {
                do {
                    try await connection.client.acknowledgeProduct(productID: productID, token: subscription.id)
                } catch {
                    throw error.perennialError
                }
            }
            return try await reader.productFacts(productID: productID, token: subscription.id, app: app, connection: connection)
        }
        let token = try await reader.latestToken(of: subscription, app: app)
        let purchase = try await reader.read(token, connection: connection)
        guard purchase.acknowledgementState != .acknowledged, let productID = purchase.lineItems.first?.productId else {
            return try await reader.subscriptionFacts(token: token, app: app, connection: connection, purchase: purchase)
        }
        do {
            try await connection.client.acknowledgeSubscription(productID: productID, token: token)
        } catch {
            throw error.perennialError
        }
        return try await reader.subscriptionFacts(token: token, app: app, connection: connection)
    }
}
