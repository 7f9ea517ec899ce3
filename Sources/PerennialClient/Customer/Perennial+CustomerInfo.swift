import Foundation

extension Perennial {
    /// What the customer has paid for. See `CustomerInfoFetchPolicy` for where the answer comes from; the
    /// answer's `source` and `age(at:)` say it. Throws only when the server cannot answer and nothing is cached.
    public func customerInfo(_ policy: CustomerInfoFetchPolicy = .cachedOrFetched) async throws(PerennialClientError) -> CustomerInfo {
        let id = appUserID
        let entry = cache.entry(for: id)
        if let entry, policy == .cachedOnly || (policy == .cachedOrFetched && isFresh(entry)) {
            return CustomerInfo(payload: entry.customer, fetchedAt: entry.fetchedAt, source: .cache)
        }
        if policy == .cachedOnly { throw .noCachedCustomer }
        let fetch: PerennialAPI.CustomerFetch
        do {
            fetch = try await api.customer(id, eTag: entry?.eTag)
        } catch let error where error.isRetryable {
            guard let entry else { throw error }
            return CustomerInfo(payload: entry.customer, fetchedAt: entry.fetchedAt, source: .cache)
        }
        switch fetch {
        case .changed(let payload, let eTag):
            return record(payload, eTag: eTag, for: id, source: .server)
        case .unknownCustomer:
            return record(.empty(appUserID: id, at: now()), eTag: nil, for: id, source: .server)
        case .notModified:
            guard var entry = cache.entry(for: id) else { throw .invalidResponse("304 for a customer not cached") }
            let fetchedAt = now()
            // The server's clock moved as much as the device's since the copy came.
            entry.customer.requestDate += fetchedAt.timeIntervalSince(entry.fetchedAt)
            entry.fetchedAt = fetchedAt
            entry.invalidated = false
            cache.store(entry, for: id)
            return CustomerInfo(payload: entry.customer, fetchedAt: fetchedAt, source: .server)
        }
    }

    /// Every change of the customer from now on (a purchase, a renewal, a refund, a login), starting with
    /// the cached copy when there is one. The stream ends when the client stops.
    public func customerInfoUpdates() -> AsyncStream<CustomerInfo> {
        let id = UUID()
        var continuation: AsyncStream<CustomerInfo>.Continuation!
        let stream = AsyncStream<CustomerInfo>(bufferingPolicy: .bufferingNewest(8)) { continuation = $0 }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeListener(id) }
        }
        listeners[id] = continuation
        if let entry = cache.entry(for: appUserID) {
            continuation.yield(CustomerInfo(payload: entry.customer, fetchedAt: entry.fetchedAt, source: .cache))
        }
        return stream
    }

    func removeListener(_ id: UUID) {
        listeners[id] = nil
    }

    func isFresh(_ entry: CustomerInfoCache.Entry) -> Bool {
        let age = now().timeIntervalSince(entry.fetchedAt)
        // A negative age is a device clock set back since: not trusted as fresh.
        return !entry.invalidated && age >= 0 && age < configuration.customerInfoMaxAge
    }

    /// Keeps what the server said of customer `id` and tells the listeners when it changed anything.
    @discardableResult
    func record(
        _ payload: CustomerPayload, eTag: String?, for id: String, source: CustomerInfo.Source = .server, invalidated: Bool = false
    ) -> CustomerInfo {
        let previous = cache.entry(for: id)
        let fetchedAt = now()
        cache.store(.init(customer: payload, eTag: eTag, fetchedAt: fetchedAt, invalidated: invalidated), for: id)
        let info = CustomerInfo(payload: payload, fetchedAt: fetchedAt, source: source)
        if id == appUserID, previous.map({ !$0.customer.sameContent(as: payload) }) ?? true { broadcast(info) }
        return info
    }

    func broadcast(_ info: CustomerInfo) {
        for listener in listeners.values { listener.yield(info) }
    }
}
