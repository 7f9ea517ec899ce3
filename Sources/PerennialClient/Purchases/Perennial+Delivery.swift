import Foundation

extension Perennial {
    /// Sends a transaction to the server and finishes it with the store only once the server has it. The
    /// same transaction arriving twice at once (a purchase's answer and `Transaction.updates`) is sent once.
    func deliver(_ transaction: StoreTransaction) async -> DeliveryOutcome {
        if let running = deliveries[transaction.id] { return await running.value }
        let task = Task { await self.post(transaction) }
        deliveries[transaction.id] = task
        let outcome = await task.value
        deliveries[transaction.id] = nil
        return outcome
    }

    private func post(_ transaction: StoreTransaction) async -> DeliveryOutcome {
        guard transaction.isVerified else {
            return .refused(.unverifiedTransaction("StoreKit could not verify transaction \(transaction.id)"))
        }
        let id = appUserID
        let answer: PerennialAPI.PurchaseAnswer
        do {
            answer = try await api.postTransaction(id, signedTransaction: transaction.signedTransaction)
        } catch let error where error.isRetryable {
            awaitingServer[transaction.id] = transaction
            scheduleRetry()
            return .awaitingServer(error)
        } catch {
            awaitingServer[transaction.id] = nil
            return .refused(error)
        }
        // The server has the purchase: only now may the store forget it.
        await store?.finish(transaction)
        awaitingServer[transaction.id] = nil
        // While the server completes a pending purchase, the next read asks it rather than the cache.
        let pending = answer.status != "validated"
        var info: CustomerInfo?
        if let customer = answer.customer {
            info = record(customer, eTag: nil, for: id, invalidated: pending)
        } else {
            cache.invalidate(id)
        }
        return .delivered(status: answer.status, customer: info)
    }

    /// Sends again every transaction still waiting for the server, now (call it when the app returns to the
    /// foreground or the network comes back; the client also retries on its own with a growing delay).
    /// - Returns: how many are still waiting.
    @discardableResult
    public func retryPendingDeliveries() async -> Int {
        for transaction in awaitingServer.values.sorted(by: { $0.id < $1.id }) {
            _ = await deliver(transaction)
        }
        if awaitingServer.isEmpty { retryAttempt = 0 }
        return awaitingServer.count
    }

    /// Transactions the server has not confirmed yet (kept unfinished by the store until it does).
    public var pendingDeliveryCount: Int { awaitingServer.count }

    /// Sends the store's unfinished transactions: those whose delivery an earlier launch did not see end.
    func resendUnfinished() async {
        guard let store else { return }
        for transaction in await store.unfinishedTransactions() {
            _ = await deliver(transaction)
        }
    }

    /// Retries the waiting transactions after 2, 4, 8… seconds (at most 5 minutes), while any wait.
    func scheduleRetry() {
        guard retryTask == nil else { return }
        let delay = min(300, 2 * pow(2, Double(min(retryAttempt, 8))))
        retryAttempt += 1
        retryTask = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            guard !Task.isCancelled, let self else { return }
            await self.retryFromTimer()
        }
    }

    private func retryFromTimer() async {
        retryTask = nil
        if await retryPendingDeliveries() > 0 { scheduleRetry() }
    }
}
