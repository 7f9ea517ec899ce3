import PerennialAppStore
import PerennialCore
import PerennialServices

/// What `perennial doctor` can see of an app's App Store set-up, each problem with its fix: the Server API
/// key refused (a wrong key, issuer, key id or bundle id), notifications Apple could not deliver or that
/// never arrived, and notifications signed for another bundle id. (A refused shared secret shows only on a
/// receipt of the app: the server reports it on /health when it sees one.) It only reads.
struct AppStoreSetupCheck {
    let app: AppSettings
    let client: AppStoreServerAPIClient?
    let activity: StoreActivity
    let now: Instant

    func run() async -> [StoreDiagnosis] {
        guard let apple = app.apple else { return [] }
        var found: [StoreDiagnosis] = []
        let endpoint = "https://<your host>/v1/apple/notifications/\(app.id)"
        if activity.notificationsForAnotherApp > 0 {
            found.append(problem(
                "app_store_notifications_for_another_app",
                "\(activity.notificationsForAnotherApp) recent notification(s) were signed for another app than \(app.bundleID)",
                "correct bundle_id (and apple.app_apple_id), or set each app's own notification URL in App Store Connect"
            ))
        }
        if let client {
            let request = NotificationHistoryRequest(startDate: now.adding(milliseconds: -86_400_000), endDate: now, onlyFailures: true)
            do {
                let failures = try await client.getNotificationHistory(request)
                if !(failures.notificationHistory ?? []).isEmpty {
                    found.append(problem(
                        "app_store_notifications_failing",
                        "Apple could not deliver \(failures.notificationHistory?.count ?? 0)\(failures.hasMore == true ? "+" : "") notification(s) in the last day",
                        "check that the App Store Server Notifications URL in App Store Connect is \(endpoint) and reachable from the internet; Perennial catches up from the history once it is"
                    ))
                }
            } catch let error as AppStoreServerAPIError where error.kind == .unauthorized || error.httpStatus == 401 {
                found.append(problem(
                    "app_store_server_api_key_rejected",
                    "Apple refused the App Store Server API key (HTTP 401)",
                    "check apple.server_api's issuer_id, key_id and private key (App Store Connect › Users and Access › Integrations › In-App Purchase), and that bundle_id is this app's"
                ))
            } catch {}
        }
        if activity.lastNotificationAt == nil, apple.serverAPI != nil || apple.notificationCatchUp != nil {
            found.append(problem(
                "app_store_notifications_never_received",
                "no App Store Server Notification has reached Perennial for \(app.bundleID)",
                "set the Production and Sandbox Server URLs in App Store Connect › App Information to \(endpoint) (version 2), then POST /v1/admin/apple/notifications/test"
            ))
        }
        return found
    }

    private func problem(_ code: String, _ problem: String, _ fix: String) -> StoreDiagnosis {
        StoreDiagnosis(store: .appStore, code: code, problem: problem, fix: fix)
    }
}
