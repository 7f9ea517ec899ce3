extension StripeSimulator {
    /// Records an event about `object` (a snapshot), created at `time` (the object's clock), and queues
    /// its delivery to the webhook endpoint.
    func emit(_ type: String, _ object: StripeSimulatedJSON, previous: StripeSimulatedJSON? = nil, at time: Int64) {
        let event = StripeSimulatedEvent(
            id: StripeSimulatedID.make("evt_"), type: type, created: time, object: object, previousAttributes: previous,
            requestID: currentRequest?.id, idempotencyKey: currentRequest?.idempotencyKey, pendingWebhooks: webhookEndpoint == nil ? 0 : 1
        )
        events[event.id] = event
        register(event.id)
        if webhookEndpoint != nil {
            pendingDeliveries.append(StripeSimulatedPendingDelivery(eventID: event.id, attempts: 0, firstAttemptAt: nil, nextAttemptAt: simulatorNow))
        }
    }

    /// An `…updated` event when `after` differs from `before`, `previous_attributes` holding the old values
    /// of the top-level fields that changed.
    func emitUpdate(_ type: String, before: StripeSimulatedJSON, after: StripeSimulatedJSON, at time: Int64) {
        guard let old = before.object, let new = after.object, before != after else { return }
        var previous: [String: StripeSimulatedJSON] = [:]
        for (key, value) in old where new[key] != value { previous[key] = value }
        emit(type, after, previous: .object(previous), at: time)
    }

    /// `GET /v1/events`: filters type, types[], created[gte|lte|gt|lt].
    func listEvents(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let type = params.string("type")
        let types = params.strings("types")
        let created = params["created"]
        let bounds = (
            gte: try integer(created, "gte"), lte: try integer(created, "lte"), gt: try integer(created, "gt"), lt: try integer(created, "lt")
        )
        let ids = events.values.filter { event in
            let typed = (type == nil || Self.matches(event.type, pattern: type ?? "")) && (types.isEmpty || types.contains(event.type))
            let timed = bounds.gte.map { event.created >= $0 } ?? true && bounds.lte.map { event.created <= $0 } ?? true
                && bounds.gt.map { event.created > $0 } ?? true && bounds.lt.map { event.created < $0 } ?? true
            return typed && timed
        }.map(\.id)
        return try page(ids, url: "/v1/events", params: params) { try renderEvent($0) }
    }

    /// `type` against a filter that may end in `*` (`customer.subscription.*`).
    private static func matches(_ type: String, pattern: String) -> Bool {
        pattern.hasSuffix("*") ? type.hasPrefix(pattern.dropLast()) : type == pattern
    }

    func renderEvent(_ id: String) throws -> StripeSimulatedJSON {
        guard let event = events[id] else { throw StripeSimulatedAPIError.noSuch("event", id) }
        return Self.render(event)
    }

    static func render(_ event: StripeSimulatedEvent) -> StripeSimulatedJSON {
        var data: [String: StripeSimulatedJSON] = ["object": event.object]
        if let previous = event.previousAttributes { data["previous_attributes"] = previous }
        return [
            "id": .string(event.id), "object": "event", "api_version": .string(apiVersion), "created": .int(event.created),
            "livemode": false, "type": .string(event.type), "data": .object(data), "pending_webhooks": .int(Int64(event.pendingWebhooks)),
            "request": ["id": .optional(event.requestID), "idempotency_key": .optional(event.idempotencyKey)],
        ]
    }
}
