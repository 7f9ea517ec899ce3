import PerennialCore

extension AppStoreSimulator {
    /// Sets (or removes) the sender that delivers notifications, and starts delivering what is due.
    public func setNotificationSender(_ sender: (any SimulatorNotificationSender)?) {
        notificationSender = sender
        catchUp()
        kickDelivery()
    }

    /// Every notification in the delivery log, oldest first, with its attempts.
    public func notifications() -> [SimulatorNotification] {
        catchUp()
        return notificationLog.records
    }

    /// Delivers every notification due at the clock's now — first attempts and retries — and returns once
    /// they are all done (a delivery already under way included). Without a sender it returns at once.
    ///
    /// Delivery also starts by itself after each change; this is the way to wait for it. With the manual
    /// clock, retries fall due only when the clock is advanced past them.
    public func deliverDueNotifications() async {
        catchUp()
        while true {
            if let running = deliveryTask {
                await running.value
                continue
            }
            guard notificationSender != nil, notificationLog.hasDue(at: clock.now()) else { return }
            deliveryTask = Task { await self.pumpDeliveries() }
        }
    }

    /// Moves the notifications recorded events produced into the delivery log, and starts delivering.
    func collectNotifications() {
        guard !state.outbox.isEmpty else { return }
        notificationLog.append(state.outbox)
        state.outbox.removeAll()
        kickDelivery()
    }

    /// Adds a notification built outside the event log (a test notification) and starts delivering.
    func enqueue(_ notification: SimulatorNotification) {
        notificationLog.append([notification])
        kickDelivery()
    }

    /// Starts the delivery task when something is due and none runs; otherwise makes sure a wake-up is
    /// set for the next due instant.
    func kickDelivery() {
        guard notificationSender != nil, deliveryTask == nil, notificationLog.hasDue(at: clock.now()) else {
            scheduleWake()
            return
        }
        deliveryTask = Task { await self.pumpDeliveries() }
    }

    /// Sends due notifications one at a time, oldest first, until none is due. The HTTP call runs while the
    /// actor is free: only picking the next notification and recording the outcome are isolated.
    private func pumpDeliveries() async {
        while let sender = notificationSender {
            let now = clock.now()
            guard let record = notificationLog.beginNextDue(at: now) else { break }
            let status = await sender.post(url: record.url, body: record.body)
            notificationLog.finish(id: record.id, status: status, at: now, timeScale: configuration.timeScale)
        }
        deliveryTask = nil
        scheduleWake()
    }

    /// When the clock runs by itself, sets a timer for the earliest of the next lifecycle change and the
    /// next retry, so renewals are notified and retries sent without anyone calling the simulator.
    func scheduleWake() {
        let notifies = configuration.apps.contains { $0.notificationURL != nil || $0.notificationURLV1 != nil }
        guard notificationSender != nil, notifies, clock.rate > 0,
            let target = [notificationLog.nextDue, state.nextChangeInstant()].compactMap({ $0 }).min()
        else {
            wakeTask?.cancel()
            wakeTask = nil
            wakeAt = nil
            return
        }
        if wakeTask != nil, let wakeAt, wakeAt <= target { return }
        wakeTask?.cancel()
        wakeAt = target
        let simulated = Double(target.milliseconds - clock.now().milliseconds)
        let realMilliseconds = Int64(min(max(0, simulated / clock.rate), 60_000)) + 1
        wakeTask = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(realMilliseconds))
            guard !Task.isCancelled else { return }
            await self?.wake()
        }
    }

    private func wake() {
        wakeTask = nil
        wakeAt = nil
        catchUp()
        kickDelivery()
    }
}
