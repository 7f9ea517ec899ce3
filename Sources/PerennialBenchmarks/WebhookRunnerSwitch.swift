import PerennialServer

/// Starts and stops the served stack's webhook runner between the rounds of the `webhooks` benchmark, so
/// that deliveries are sent only during the rounds that have an endpoint (and after them, to drain).
actor WebhookRunnerSwitch {
    private let stack: PerennialStack
    private var runner: Task<Void, Never>?

    init(stack: PerennialStack) {
        self.stack = stack
    }

    /// Starts the runner unless it runs.
    func start() {
        guard runner == nil else { return }
        let (stack, settings) = (stack, stack.webhookSettings)
        runner = Task { await stack.webhookRunner.run(interval: settings.pollInterval, workers: settings.workers) }
    }

    /// Stops the runner and waits for it (a delivery in flight goes back to the queue, its attempt given back).
    func stop() async {
        guard let runner else { return }
        runner.cancel()
        await runner.value
        self.runner = nil
    }
}
