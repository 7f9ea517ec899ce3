extension StripeSimulator {
    /// `GET /v1/charges`: filters customer, payment_intent.
    func listCharges(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let customer = params.string("customer")
        let intent = params.string("payment_intent")
        let ids = charges.values.filter { charge in
            (customer == nil || charge.customer == customer) && (intent == nil || charge.paymentIntent == intent)
        }.map(\.id)
        return try page(ids, url: "/v1/charges", params: params) { try renderCharge(try charge($0)) }
    }

    /// `POST /v1/refunds`: charge or payment_intent (its latest charge), amount (default: what is left),
    /// reason, metadata. Refunds never end the subscription (Stripe's neither).
    func createRefund(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let chargeID: String
        if let named = params.string("charge") {
            chargeID = named
        } else if let intentID = params.string("payment_intent") {
            guard let latest = try paymentIntent(intentID).latestCharge else {
                throw StripeSimulatedAPIError.invalid("This PaymentIntent does not have a successful charge to refund.", param: "payment_intent")
            }
            chargeID = latest
        } else {
            throw StripeSimulatedAPIError.missing("charge")
        }
        var refunded = try charge(chargeID)
        guard refunded.status == "succeeded" else {
            throw StripeSimulatedAPIError.invalid("Charge \(chargeID) has not succeeded and cannot be refunded.", param: "charge")
        }
        let left = refunded.amount - refunded.amountRefunded
        guard left > 0 else {
            throw StripeSimulatedAPIError.invalid("Charge \(chargeID) has already been refunded.", param: "charge", code: "charge_already_refunded")
        }
        let amount = try integer(params, "amount") ?? left
        guard amount > 0, amount <= left else {
            throw StripeSimulatedAPIError.invalid(
                "Refund amount (\(amount)) is greater than unrefunded amount on charge (\(left))", param: "amount", code: "amount_too_large"
            )
        }
        let time = now(customer: refunded.customer)
        let refund = StripeSimulatedRefund(
            id: StripeSimulatedID.make("re_"), charge: chargeID, paymentIntent: refunded.paymentIntent, amount: amount,
            currency: refunded.currency, reason: params.string("reason"), metadata: metadata(params), created: time
        )
        refunds[refund.id] = refund
        register(refund.id)
        let before = try renderCharge(refunded)
        refunded.amountRefunded += amount
        charges[chargeID] = refunded
        let after = try renderCharge(refunded)
        emit("refund.created", try renderRefund(refund), at: time)
        emit("charge.refunded", after, previous: Self.changes(before, after), at: time)
        return try renderRefund(refund)
    }

    /// `GET /v1/refunds`: filters charge, payment_intent.
    func listRefunds(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let charge = params.string("charge")
        let intent = params.string("payment_intent")
        let ids = refunds.values.filter { refund in
            (charge == nil || refund.charge == charge) && (intent == nil || refund.paymentIntent == intent)
        }.map(\.id)
        return try page(ids, url: "/v1/refunds", params: params) { try renderRefund(try refund($0)) }
    }

    /// The old values of the top-level fields that differ.
    static func changes(_ before: StripeSimulatedJSON, _ after: StripeSimulatedJSON) -> StripeSimulatedJSON {
        var previous: [String: StripeSimulatedJSON] = [:]
        for (key, value) in before.object ?? [:] where after[key] != value { previous[key] = value }
        return .object(previous)
    }

    func renderCharge(_ charge: StripeSimulatedCharge) throws -> StripeSimulatedJSON {
        [
            "id": .string(charge.id), "object": "charge", "amount": .int(charge.amount),
            "amount_captured": .int(charge.status == "succeeded" ? charge.amount : 0), "amount_refunded": .int(charge.amountRefunded),
            "currency": .string(charge.currency), "customer": .string(charge.customer), "payment_intent": .string(charge.paymentIntent),
            "status": .string(charge.status), "paid": .bool(charge.status == "succeeded"), "captured": .bool(charge.status == "succeeded"),
            "refunded": .bool(charge.refunded), "disputed": .bool(charge.disputed), "created": .int(charge.created), "livemode": false,
            "failure_code": .optional(charge.failureCode),
            "failure_message": charge.failureCode == nil ? .null : "Your card was declined.",
            "outcome": charge.status == "succeeded"
                ? ["network_status": "approved_by_network", "type": "authorized", "seller_message": "Payment complete.", "risk_level": "normal"]
                : ["network_status": "declined_by_network", "type": "issuer_declined", "reason": "generic_decline", "seller_message": "The bank did not return any further details with this decline."],
            "payment_method": .string("pm_card_" + charge.customer.dropFirst(4)),
            "payment_method_details": ["type": "card", "card": ["brand": "visa", "last4": "4242", "exp_month": 12, "exp_year": 2034, "country": "US"]],
            "metadata": [:], "description": "Subscription update", "balance_transaction": .null, "receipt_url": .null,
            "refunds": [
                "object": "list", "has_more": false, "url": .string("/v1/charges/\(charge.id)/refunds"),
                "data": .array(try refunds.values.filter { $0.charge == charge.id }.sorted { (sequence[$0.id] ?? 0) > (sequence[$1.id] ?? 0) }.map(renderRefund)),
            ],
        ]
    }

    func renderRefund(_ refund: StripeSimulatedRefund) throws -> StripeSimulatedJSON {
        [
            "id": .string(refund.id), "object": "refund", "amount": .int(refund.amount), "charge": .string(refund.charge),
            "payment_intent": .string(refund.paymentIntent), "currency": .string(refund.currency), "status": "succeeded",
            "reason": .optional(refund.reason), "metadata": .metadata(refund.metadata), "created": .int(refund.created),
            "balance_transaction": .null, "receipt_number": .null,
            "destination_details": ["type": "card", "card": ["type": "refund"]],
        ]
    }
}
