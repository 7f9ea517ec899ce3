import PerennialCore
import PerennialOutbound
import PerennialServices
import PerennialSquare

/// What `perennial doctor` can see of an app's Square set-up, each problem with its fix: the access token
/// refused, no webhook subscription at the configured notification URL, one disabled, or one not sending
/// the events Perennial reads. It only reads; a token that may not list webhook subscriptions (an OAuth
/// token) skips those checks.
struct SquareSetupCheck {
    /// The events Perennial reads a subscription back on.
    static let events = ["subscription.created", "subscription.updated", "invoice.payment_made", "invoice.scheduled_charge_failed", "invoice.refunded"]

    let connection: SquareConnection

    func run() async -> [StoreDiagnosis] {
        let settings = connection.settings
        do {
            _ = try await connection.client.locationIDs()
        } catch {
            return [failure(error)]
        }
        let subscriptions: [SquareWebhookSubscription]
        do {
            subscriptions = try await connection.client.webhookSubscriptions()
        } catch where error.code == .unauthorized {
            return []
        } catch {
            return [failure(error)]
        }
        guard let subscription = subscriptions.first(where: { $0.notificationURL == settings.notificationURL }) else {
            return [problem(
                "square_webhook_unknown", "no webhook subscription of the Square application posts to \(settings.notificationURL)",
                "in developer.squareup.com › your application › Webhooks, add a subscription whose URL is exactly square.notification_url, and put its signature key in square.signature_keys")]
        }
        var found: [StoreDiagnosis] = []
        if subscription.enabled == false {
            found.append(problem("square_webhook_disabled", "the webhook subscription \(subscription.id) is disabled", "enable it in the Square Developer Console"))
        }
        let types = subscription.eventTypes ?? []
        let missing = Self.events.filter { !types.contains($0) && !types.contains("*") }
        if !missing.isEmpty {
            found.append(problem(
                "square_webhook_events_missing", "the webhook subscription \(subscription.id) does not send \(missing.joined(separator: ", "))",
                "add those event types to the subscription in the Square Developer Console"))
        }
        return found
    }

    private func failure(_ error: StoreAPIError) -> StoreDiagnosis {
        if error.code == .unauthorized {
            return problem(
                "square_token_rejected", "Square refused the app's access token (\(error.message))",
                "copy the \(connection.settings.isProduction ? "production" : "sandbox") access token from developer.squareup.com › your application › Credentials into square.access_token")
        }
        return problem(
            "square_unreachable", "Square's API did not answer as expected (\(error.message)), so the set-up could not be checked",
            "check that this server reaches \(connection.settings.apiBaseURL), then run perennial doctor again")
    }

    private func problem(_ code: String, _ problem: String, _ fix: String) -> StoreDiagnosis {
        StoreDiagnosis(store: .square, code: code, problem: problem, fix: fix)
    }
}
