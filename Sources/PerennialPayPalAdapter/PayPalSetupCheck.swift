import PerennialCore
import PerennialOutbound
import PerennialPayPal
import PerennialServices

/// What `perennial doctor` can see of an app's PayPal set-up, each problem with its fix: the client id and
/// secret refused, the webhook PayPal does not know, posting elsewhere than this app's endpoint, or not
/// sending the events Perennial reads. It only reads.
struct PayPalSetupCheck {
    /// The events Perennial reads a subscription back on.
    static let events = [
        "BILLING.SUBSCRIPTION.ACTIVATED", "BILLING.SUBSCRIPTION.CANCELLED", "BILLING.SUBSCRIPTION.SUSPENDED",
        "BILLING.SUBSCRIPTION.PAYMENT.FAILED", "PAYMENT.SALE.COMPLETED", "PAYMENT.SALE.REFUNDED", "PAYMENT.SALE.REVERSED",
    ]

    let app: AppSettings
    let connection: PayPalConnection

    func run() async -> [StoreDiagnosis] {
        let endpoint = "/v1/paypal/webhooks/\(app.id)"
        let webhook: PayPalWebhookRegistration
        do {
            webhook = try await connection.client.webhook(id: connection.settings.webhookID)
        } catch {
            return [failure(error, endpoint: endpoint)]
        }
        var found: [StoreDiagnosis] = []
        if !webhook.url.hasSuffix(endpoint) {
            found.append(problem(
                "paypal_webhook_elsewhere", "PayPal's webhook \(webhook.id) posts to \(webhook.url), not to this app's \(endpoint)",
                "in developer.paypal.com › Apps & Credentials › your app › Webhooks, set its URL to https://<your host>\(endpoint)"))
        }
        let missing = Self.events.filter { !webhook.sends($0) }
        if !missing.isEmpty {
            found.append(problem(
                "paypal_webhook_events_missing", "PayPal's webhook \(webhook.id) does not send \(missing.joined(separator: ", "))",
                "subscribe the webhook to every BILLING.SUBSCRIPTION.* event and to PAYMENT.SALE.COMPLETED, REFUNDED and REVERSED"))
        }
        return found
    }

    private func failure(_ error: StoreAPIError, endpoint: String) -> StoreDiagnosis {
        let environment = connection.settings.isLive ? "live" : "sandbox"
        switch error.code {
        case .unauthorized:
            return problem(
                "paypal_credentials_rejected", "PayPal refused the app's client id and secret (\(error.message))",
                "copy the \(environment) REST app's client id and secret from developer.paypal.com › Apps & Credentials into paypal.client_id and paypal.secret")
        case .notFound:
            return problem(
                "paypal_webhook_unknown", "PayPal knows no webhook \(connection.settings.webhookID) for this REST app",
                "create a webhook at https://<your host>\(endpoint) in developer.paypal.com › Apps & Credentials › your app, and put its id in paypal.webhook_id")
        default:
            return problem(
                "paypal_unreachable", "PayPal's API did not answer as expected (\(error.message)), so the set-up could not be checked",
                "check that this server reaches \(connection.settings.apiBaseURL), then run perennial doctor again")
        }
    }

    private func problem(_ code: String, _ problem: String, _ fix: String) -> StoreDiagnosis {
        StoreDiagnosis(store: .payPal, code: code, problem: problem, fix: fix)
    }
}
