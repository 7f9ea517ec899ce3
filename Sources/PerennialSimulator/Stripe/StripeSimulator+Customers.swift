extension StripeSimulator {
    /// `POST /v1/customers`: email, name, description, metadata, test_clock.
    func createCustomer(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let clockID = params.string("test_clock")
        if let clockID { _ = try testClock(clockID) }
        let customer = StripeSimulatedCustomer(
            id: StripeSimulatedID.make("cus_"), email: params.string("email"), name: params.string("name"),
            description: params.string("description"), metadata: metadata(params), created: now(clock: clockID), testClock: clockID
        )
        customers[customer.id] = customer
        register(customer.id)
        let json = try renderCustomer(customer)
        emit("customer.created", json, at: customer.created)
        return json
    }

    /// `POST /v1/customers/{id}`: email, name, description, metadata.
    func updateCustomer(_ id: String, _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        var customer = try customer(id)
        let before = try renderCustomer(customer)
        if let email = params.string("email") { customer.email = email.isEmpty ? nil : email }
        if let name = params.string("name") { customer.name = name.isEmpty ? nil : name }
        if let description = params.string("description") { customer.description = description.isEmpty ? nil : description }
        customer.metadata = metadata(params, merging: customer.metadata)
        customers[id] = customer
        let after = try renderCustomer(customer)
        emitUpdate("customer.updated", before: before, after: after, at: now(customer: id))
        return after
    }

    /// `GET /v1/customers`: filters email, test_clock.
    func listCustomers(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let email = params.string("email")
        let clockID = params.string("test_clock")
        let ids = customers.values.filter { customer in
            (email == nil || customer.email == email) && (clockID == nil || customer.testClock == clockID)
        }.map(\.id)
        return try page(ids, url: "/v1/customers", params: params) { try renderCustomer(try customer($0)) }
    }

    /// Makes charging `customer`'s card succeed, fail or ask for authentication from now on.
    public func setCardOutcome(customer id: String, _ outcome: StripeSimulatedCardOutcome) throws {
        guard customers[id] != nil else { throw StripeSimulatedAPIError.noSuch("customer", id) }
        customers[id]?.cardOutcome = outcome
    }

    func renderCustomer(_ customer: StripeSimulatedCustomer) throws -> StripeSimulatedJSON {
        [
            "id": .string(customer.id), "object": "customer", "created": .int(customer.created), "livemode": false,
            "email": .optional(customer.email), "name": .optional(customer.name), "description": .optional(customer.description),
            "metadata": .metadata(customer.metadata), "test_clock": .optional(customer.testClock), "currency": "usd",
            "balance": 0, "delinquent": .bool(isDelinquent(customer.id)), "invoice_prefix": .string(String(customer.id.suffix(8)).uppercased()),
            "default_source": .null, "phone": .null, "address": .null, "shipping": .null, "preferred_locales": [],
            "tax_exempt": "none", "discount": .null,
            "invoice_settings": ["default_payment_method": .string("pm_card_" + customer.id.dropFirst(4)), "custom_fields": .null, "footer": .null, "rendering_options": .null],
        ]
    }

    /// True when the customer has an invoice past due.
    private func isDelinquent(_ id: String) -> Bool {
        invoices.values.contains { $0.customer == id && $0.status == "open" && $0.attemptCount > 0 }
    }
}
