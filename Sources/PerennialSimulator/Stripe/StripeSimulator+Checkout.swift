extension StripeSimulator {
    /// `POST /v1/checkout/sessions` in `subscription` mode: line_items[0][price], line_items[0][quantity],
    /// customer or customer_email, client_reference_id, success_url, cancel_url,
    /// subscription_data[trial_period_days], subscription_data[metadata], metadata. Its `url` is the
    /// simulator's page; `completeCheckoutSession` plays the customer paying.
    func createCheckoutSession(_ params: StripeSimulatedParams, baseURL: String) throws -> StripeSimulatedJSON {
        guard let mode = params.string("mode") else { throw StripeSimulatedAPIError.missing("mode") }
        guard mode == "subscription" else {
            throw StripeSimulatedAPIError.invalid("The simulator supports mode=subscription only.", param: "mode")
        }
        guard let item = params["line_items"].list.first, let priceID = item.string("price") else {
            throw StripeSimulatedAPIError.missing("line_items[0][price]")
        }
        guard try price(priceID).recurring != nil else {
            throw StripeSimulatedAPIError.invalid("You must provide at least one recurring price in `subscription` mode.", param: "line_items")
        }
        if let customerID = params.string("customer") { _ = try customer(customerID) }
        let subscriptionData = params["subscription_data"]
        let id = StripeSimulatedID.make("cs_test_")
        let time = params.string("customer").map { now(customer: $0) } ?? simulatorNow
        let session = StripeSimulatedCheckoutSession(
            id: id, price: priceID, quantity: try integer(item, "quantity", in: "line_items[0][quantity]") ?? 1,
            customer: params.string("customer"), customerEmail: params.string("customer_email"),
            clientReferenceID: params.string("client_reference_id"), successURL: params.string("success_url"),
            cancelURL: params.string("cancel_url"),
            trialPeriodDays: try integer(subscriptionData, "trial_period_days", in: "subscription_data[trial_period_days]"),
            subscriptionMetadata: subscriptionData.dictionary("metadata") ?? [:], metadata: metadata(params), status: "open",
            subscription: nil, url: "\(baseURL)/simulator/stripe/checkout/\(id)", created: time, expiresAt: time + 86_400
        )
        checkoutSessions[id] = session
        register(id)
        return try renderCheckoutSession(session)
    }

    /// The customer pays on the Checkout page: a customer is created when the session named none, then the
    /// subscription (the session's `subscription_data`) with its first invoice, and
    /// `checkout.session.completed`. Throws 402 when the customer's card is declined (the session stays open).
    @discardableResult
    public func completeCheckoutSession(_ id: String) throws -> StripeSimulatedJSON {
        var session = try checkoutSession(id)
        guard session.status == "open" else { throw StripeSimulatedAPIError.invalid("This Checkout Session is no longer open.") }
        if session.customer == nil {
            let created = try createCustomer(StripeSimulatedParams(pairs: session.customerEmail.map { [("email", $0)] } ?? []))
            session.customer = created["id"]?.string
        }
        guard let customerID = session.customer else { throw StripeSimulatedAPIError.missing("customer") }
        let trial = session.trialPeriodDays.flatMap { $0 > 0 ? $0 : nil }
        if trial == nil, try customer(customerID).cardOutcome != .succeed {
            checkoutSessions[id]?.customer = customerID
            throw StripeSimulatedAPIError.declined()
        }
        let time = now(customer: customerID)
        session.subscription = try start(
            customer: customerID, price: session.price, quantity: session.quantity, trialEnd: trial.map { time + $0 * 86_400 },
            metadata: session.subscriptionMetadata, cancelAtPeriodEnd: false
        )
        session.status = "complete"
        checkoutSessions[id] = session
        let json = try renderCheckoutSession(session)
        emit("checkout.session.completed", json, at: time)
        return json
    }

    /// `GET /v1/checkout/sessions`: filters customer, subscription, status.
    func listCheckoutSessions(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let customer = params.string("customer")
        let subscription = params.string("subscription")
        let status = params.string("status")
        let ids = checkoutSessions.values.filter { session in
            (customer == nil || session.customer == customer) && (subscription == nil || session.subscription == subscription)
                && (status == nil || session.status == status)
        }.map(\.id)
        return try page(ids, url: "/v1/checkout/sessions", params: params) { try renderCheckoutSession(try checkoutSession($0)) }
    }

    func renderCheckoutSession(_ session: StripeSimulatedCheckoutSession) throws -> StripeSimulatedJSON {
        let paid = session.status == "complete"
        let amount = (prices[session.price]?.unitAmount ?? 0) * session.quantity
        return [
            "id": .string(session.id), "object": "checkout.session", "mode": "subscription", "status": .string(session.status),
            "payment_status": paid ? (session.trialPeriodDays ?? 0 > 0 ? "no_payment_required" : "paid") : "unpaid",
            "url": session.status == "open" ? .string(session.url) : .null, "customer": .optional(session.customer),
            "customer_email": .optional(session.customerEmail), "client_reference_id": .optional(session.clientReferenceID),
            "success_url": .optional(session.successURL), "cancel_url": .optional(session.cancelURL),
            "subscription": .optional(session.subscription), "metadata": .metadata(session.metadata), "created": .int(session.created),
            "expires_at": .int(session.expiresAt), "livemode": false, "currency": .optional(prices[session.price]?.currency),
            "amount_subtotal": .int(amount), "amount_total": .int(amount), "payment_intent": .null, "invoice": .optional(
                session.subscription.flatMap { subscriptions[$0]?.latestInvoice }
            ),
            "customer_details": session.customer.map { id in
                ["email": .optional(customers[id]?.email ?? session.customerEmail), "name": .optional(customers[id]?.name)]
            } ?? .null,
            "payment_method_types": ["card"], "ui_mode": "hosted", "locale": .null, "customer_creation": "always",
        ]
    }

    /// `POST /v1/billing_portal/sessions`: customer, return_url; its `url` is a simulator page.
    func createPortalSession(_ params: StripeSimulatedParams, baseURL: String) throws -> StripeSimulatedJSON {
        guard let customerID = params.string("customer") else { throw StripeSimulatedAPIError.missing("customer") }
        _ = try customer(customerID)
        let id = StripeSimulatedID.make("bps_")
        let session: StripeSimulatedJSON = [
            "id": .string(id), "object": "billing_portal.session", "customer": .string(customerID),
            "return_url": .optional(params.string("return_url")), "url": .string("\(baseURL)/simulator/stripe/portal/\(id)"),
            "created": .int(now(customer: customerID)), "livemode": false, "configuration": "bpc_simulator", "flow": .null,
            "locale": .null, "on_behalf_of": .null,
        ]
        portalSessions[id] = session
        register(id)
        return session
    }
}
