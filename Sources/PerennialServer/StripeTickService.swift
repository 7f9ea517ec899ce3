import PerennialSimulator
import ServiceLifecycle

/// Brings the Stripe simulator's objects on the simulator clock up to it every second (renewals, trial
/// ends, retries of failed invoices, cancellations at period end) and delivers the webhooks due, retrying
/// those not delivered, as Stripe does.
struct StripeTickService: Service {
    let stripe: StripeSimulator

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await stripe.tick()
                do { try await Task.sleep(for: .seconds(1)) } catch { return }
            }
        }
    }
}
