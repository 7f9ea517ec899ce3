import Hummingbird
import PerennialHTTP

/// The calls the SDKs make whose answers they do not read: `GET /v1/health` (no key; `PurchasesDiagnostics`),
/// and the paywall events and diagnostics iOS sends through a proxy (`POST /v1/events`,
/// `POST /v1/diagnostics`), accepted and not kept.
struct HousekeepingRoutes {
    func add(to v1: RouterGroup<PerennialRequestContext>) {
        v1.get("health") { _, _ -> Response in RevenueCatAnswer.empty }
        for path in ["events", "diagnostics"] {
            v1.post(RouterPath(path)) { _, context -> Response in
                _ = try context.requireApp()
                return RevenueCatAnswer.empty
            }
        }
    }
}
