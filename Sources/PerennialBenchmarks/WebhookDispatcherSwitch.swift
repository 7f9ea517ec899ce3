import PerennialServer

/// Starts and stops the served stack's webhook dispatcher between the rounds of the `webhooks` benchmark,
/// so that deliveries are sent only during the rounds that have an endpoint (and after them, to drain).
actor WebhookDispatcherSwitch {
    private let stack: PerennialStack
    private var dispatcher: Task<Void, Never>?

    init(stack: PerennialStack) {
        self.stack = stack
    }

    /// Starts the dispatcher unless it runs.
    func start() {
        guard dispatcher == nil else { return }
        let stack = stack
        dispatcher = Task { await stack.webhookDispatcher.run() }
    }

    /// Stops the dispatcher and waits for it (a delivery in flight gives its lease back, unattempted).
    func stop() async {
        guard let dispatcher else { return }
        dispatcher.cancel()
        await dispatcher.value
        self.dispatcher = nil
    }
}
