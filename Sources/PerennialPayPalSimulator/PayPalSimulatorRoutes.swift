import Hummingbird
import PerennialSimulatorKit

/// The PayPal simulator on a Hummingbird router: PayPal's API at PayPal's paths (`/v1/oauth2/…`,
/// `/v1/catalogs/…`, `/v1/billing/…`, `/v1/notifications/…`, `/v2/payments/…`, beside other stores' `/v1/…`)
/// and its control API under `/simulator/paypal/`.
public enum PayPalSimulatorRoutes {
    public static func add<Context: RequestContext>(to router: Router<Context>, simulator: PayPalSimulator) {
        SimulatorRoutes.add(to: router, prefixes: ["v1/oauth2", "v1/catalogs", "v1/billing", "v1/notifications", "v2/payments"]) {
            await simulator.handle($0)
        }
        SimulatorRoutes.add(to: router, prefixes: ["simulator/paypal"]) { await simulator.control($0) }
    }
}
