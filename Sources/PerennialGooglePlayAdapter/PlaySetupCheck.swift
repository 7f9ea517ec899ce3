import PerennialCore
import PerennialGooglePlay
import PerennialServices

/// What `perennial doctor` can see of an app's Google Play set-up, each problem with its fix: RTDN not set
/// up or never received, the service account's key refused, the package unknown to the Developer API, the
/// permissions the service account lacks, and the catalog's Play products (`store: google`) that Play does
/// not know, whose base plans are not active, or that have no active offer. It only reads.
struct PlaySetupCheck {
    let app: AppSettings
    let connection: PlayAppConnection
    let activity: StoreActivity
    let now: Instant

    func run() async -> [StoreDiagnosis] {
        var found = notifications()
        let catalog: [PlayCatalogSubscription]
        do {
            catalog = try await connection.client.catalogSubscriptions()
        } catch {
            return found + [access(error)]
        }
        do {
            try await connection.client.probeFinancialAccess(now: now)
        } catch where error.kind == .unauthorized || error.kind == .forbidden {
            found.append(problem(
                "google_financial_permission_missing",
                "the service account may not read \(connection.packageName)'s orders (\(error.message))",
                "in Play Console › Users and permissions, give the service account 'View financial data' and 'Manage orders and subscriptions' for this app"
            ))
        } catch {}
        return found + (await products(catalog))
    }

    private func problem(_ code: String, _ problem: String, _ fix: String) -> StoreDiagnosis {
        StoreDiagnosis(store: .playStore, code: code, problem: problem, fix: fix)
    }

    private func notifications() -> [StoreDiagnosis] {
        var found: [StoreDiagnosis] = []
        let endpoint = "https://<your host>/v1/google/notifications/\(app.id)"
        if connection.push == nil, connection.pull == nil {
            found.append(problem(
                "google_rtdn_not_configured",
                "Real-time developer notifications are not set up: renewals, cancellations and refunds are seen only when a purchase is read again",
                "create a Pub/Sub topic for Play's RTDN and either a push subscription to \(endpoint) with authentication (set google.pubsub.audience and service_account_email), or a pull subscription (set google.pubsub.pull_subscription)"
            ))
        } else if activity.lastNotificationAt == nil {
            found.append(problem(
                "google_rtdn_never_received",
                "no Real-time developer notification has reached Perennial for \(connection.packageName)",
                "in Play Console › Monetization setup, set the RTDN topic and press 'Send test notification'; check that Google Play's service account may publish to the topic and that the push subscription's endpoint is \(endpoint)"
            ))
        }
        if activity.notificationsForAnotherApp > 0 {
            found.append(problem(
                "google_notifications_for_another_package",
                "\(activity.notificationsForAnotherApp) recent notification(s) named another package than \(connection.packageName)",
                "point each app's RTDN topic at its own app id in Perennial, or correct google.package_name"
            ))
        }
        return found
    }

    private func access(_ error: PlayAPIError) -> StoreDiagnosis {
        if error.isFromTokenEndpoint {
            return problem(
                "google_service_account_refused", "Google refused the service account's key (\(error.message))",
                "create a new JSON key for the service account in Google Cloud console › IAM › Service accounts and point google.service_account_key_file at it"
            )
        }
        switch error.kind {
        case .notFound:
            return problem(
                "google_package_unknown", "the Play Developer API knows no app \(connection.packageName)",
                "check google.package_name, and upload the app to a test track in Play Console at least once"
            )
        case .unauthorized, .forbidden:
            return problem(
                "google_api_access_denied", "the service account may not use the Play Developer API for \(connection.packageName) (\(error.message))",
                "enable the Google Play Android Developer API in the service account's Cloud project, and invite the service account in Play Console › Users and permissions with 'View app information', 'View financial data' and 'Manage orders and subscriptions'"
            )
        default:
            return problem(
                "google_unreachable", "the Play Developer API could not be asked (\(error.message))",
                "check the network path to Google (or google.api_base_url), then run perennial doctor again"
            )
        }
    }

    private func products(_ catalog: [PlayCatalogSubscription]) async -> [StoreDiagnosis] {
        let known = Dictionary(catalog.map { ($0.productId, $0) }, uniquingKeysWith: { first, _ in first })
        var unknown: [String] = []
        var inactive: [String] = []
        var withoutOffer: [String] = []
        for product in app.catalog.products where product.store == .playStore {
            guard let subscription = known[product.id], subscription.archived != true else {
                unknown.append(product.id)
                continue
            }
            let plans = Dictionary((subscription.basePlans ?? []).map { ($0.basePlanId, $0.state ?? "STATE_UNSPECIFIED") }, uniquingKeysWith: { first, _ in first })
            let wanted = product.basePlanIDs.isEmpty ? plans.keys.sorted() : product.basePlanIDs
            var active: [String] = []
            for plan in wanted {
                if plans[plan] == "ACTIVE" { active.append(plan) } else { inactive.append("\(product.id)/\(plan) (\(plans[plan] ?? "not found"))") }
            }
            if wanted.isEmpty { inactive.append("\(product.id) (no base plan)") }
            guard !active.isEmpty, let offers = try? await connection.client.catalogOffers(productID: product.id) else { continue }
            for plan in active where !offers.contains(where: { $0.basePlanId == plan && $0.state == "ACTIVE" }) {
                withoutOffer.append("\(product.id)/\(plan)")
            }
        }
        var found: [StoreDiagnosis] = []
        if !unknown.isEmpty {
            found.append(problem(
                "google_product_unknown", "Play does not sell \(unknown.joined(separator: ", ")): no such subscription, or archived",
                "create the subscription in Play Console › Monetize › Subscriptions with this product id, or correct the catalog"
            ))
        }
        if !inactive.isEmpty {
            found.append(problem(
                "google_base_plan_inactive", "base plans that cannot be bought: \(inactive.joined(separator: ", "))",
                "activate them in Play Console › Monetize › Subscriptions (inactive products cannot be bought: 'the item you requested is not available for purchase'), or correct base_plans"
            ))
        }
        if !withoutOffer.isEmpty {
            found.append(problem(
                "google_base_plan_without_offer", "base plans with no active offer (no free trial or introductory price to give): \(withoutOffer.joined(separator: ", "))",
                "add and activate an offer on the base plan in Play Console, or leave it if new customers should pay the base price"
            ))
        }
        return found
    }
}
