extension StripeSimulator {
    /// `POST /v1/test_helpers/test_clocks`: frozen_time (required), name.
    func createTestClock(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        guard let frozen = try integer(params, "frozen_time") else { throw StripeSimulatedAPIError.missing("frozen_time") }
        let clock = StripeSimulatedTestClock(id: StripeSimulatedID.make("clock_"), name: params.string("name"), frozenTime: frozen, created: simulatorNow)
        testClocks[clock.id] = clock
        register(clock.id)
        emit("test_helpers.test_clock.created", renderTestClock(clock), at: clock.created)
        return renderTestClock(clock)
    }

    /// `POST /v1/test_helpers/test_clocks/{id}/advance`: frozen_time, later than now on the clock. The
    /// simulator runs everything due at once, in order, and answers the clock `ready`.
    func advanceTestClock(_ id: String, _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let clock = try testClock(id)
        guard let target = try integer(params, "frozen_time") else { throw StripeSimulatedAPIError.missing("frozen_time") }
        guard target > clock.frozenTime else {
            throw StripeSimulatedAPIError.invalid("The frozen_time must be after the test clock's current frozen time.", param: "frozen_time")
        }
        run(clock: id, until: target)
        let advanced = try testClock(id)
        emit("test_helpers.test_clock.ready", renderTestClock(advanced), at: simulatorNow)
        return renderTestClock(advanced)
    }

    /// `DELETE /v1/test_helpers/test_clocks/{id}`: the clock goes, and with it its customers and their
    /// subscriptions (Stripe deletes them too).
    func deleteTestClock(_ id: String) throws -> StripeSimulatedJSON {
        _ = try testClock(id)
        testClocks[id] = nil
        for customer in customers.values where customer.testClock == id { customers[customer.id] = nil }
        for subscription in subscriptions.values where subscription.testClock == id { subscriptions[subscription.id] = nil }
        for invoice in invoices.values where invoice.testClock == id { invoices[invoice.id]?.nextPaymentAttempt = nil }
        return ["id": .string(id), "object": "test_helpers.test_clock", "deleted": true]
    }

    /// `GET /v1/test_helpers/test_clocks`.
    func listTestClocks(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        try page(Array(testClocks.keys), url: "/v1/test_helpers/test_clocks", params: params) { renderTestClock(try testClock($0)) }
    }

    func renderTestClock(_ clock: StripeSimulatedTestClock) -> StripeSimulatedJSON {
        [
            "id": .string(clock.id), "object": "test_helpers.test_clock", "frozen_time": .int(clock.frozenTime),
            "created": .int(clock.created), "deletes_after": .int(clock.created + 30 * 86_400), "livemode": false,
            "name": .optional(clock.name), "status": "ready", "status_details": [:],
        ]
    }
}
