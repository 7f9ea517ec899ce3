import Hummingbird
import PerennialSimulator
import PerennialStoreModule

/// The Stripe simulator as `perennial simulator` serves it: Stripe's REST API at `/v1/…` for the secret key
/// `sk_test_perennial`, its control API under `/simulator/stripe/…` (see `SimulatorServer.addStripeRoutes`),
/// and webhooks posted over HTTP to the endpoint set there. Its state is not kept in the state folder.
struct StripeStoreSimulator: StoreSimulator {
    let stripe: StripeSimulator

    init(context: SimulatorContext) async {
        stripe = StripeSimulator(secretKey: "sk_test_perennial", clock: context.clock)
        await stripe.setWebhookSender(HTTPStripeWebhookSender(transport: context.transport))
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        SimulatorServer.addStripeRoutes(to: router, stripe: stripe)
    }

    func tick() async {
        await stripe.tick()
    }
}
