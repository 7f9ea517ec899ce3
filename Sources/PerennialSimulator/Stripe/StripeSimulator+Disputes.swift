extension StripeSimulator {
    /// The cardholder disputes a succeeded charge (the control API): `charge.dispute.created`, the charge
    /// `disputed`. Returns the dispute.
    public func openDispute(charge chargeID: String, reason: String = "fraudulent") throws -> StripeSimulatedJSON {
        var disputed = try charge(chargeID)
        guard disputed.status == "succeeded", !disputed.disputed else {
            throw StripeSimulatedAPIError.invalid("Charge \(chargeID) cannot be disputed (not succeeded, or already disputed).", param: "charge")
        }
        let time = now(customer: disputed.customer)
        let dispute = StripeSimulatedDispute(
            id: StripeSimulatedID.make("dp_"), charge: chargeID, paymentIntent: disputed.paymentIntent, amount: disputed.amount - disputed.amountRefunded,
            currency: disputed.currency, reason: reason, status: "needs_response", created: time
        )
        disputes[dispute.id] = dispute
        register(dispute.id)
        disputed.disputed = true
        charges[chargeID] = disputed
        emit("charge.dispute.created", try renderDispute(dispute), at: time)
        return try renderDispute(dispute)
    }

    /// The bank decides a dispute (the control API): `won` or `lost`; `charge.dispute.closed`. When
    /// `cancelSubscription` and it is lost, the subscription the charge paid for is canceled
    /// (`payment_disputed`), as Stripe's dispute settings can do.
    public func closeDispute(_ id: String, won: Bool, cancelSubscription: Bool = false) throws -> StripeSimulatedJSON {
        var closed = try dispute(id)
        guard closed.status == "needs_response" else { throw StripeSimulatedAPIError.invalid("Dispute \(id) is already closed.") }
        let disputedCharge = try charge(closed.charge)
        let time = now(customer: disputedCharge.customer)
        closed.status = won ? "won" : "lost"
        disputes[id] = closed
        emit("charge.dispute.closed", try renderDispute(closed), at: time)
        if !won, cancelSubscription,
           let invoiceID = invoicePayments.values.first(where: { $0.paymentIntent == closed.paymentIntent })?.invoice,
           let subscriptionID = invoices[invoiceID]?.subscription,
           let subscription = subscriptions[subscriptionID], subscription.status != "canceled" {
            end(subscriptionID, reason: "payment_disputed", at: time)
        }
        return try renderDispute(closed)
    }

    /// `GET /v1/disputes`: filters charge, payment_intent.
    func listDisputes(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let charge = params.string("charge")
        let intent = params.string("payment_intent")
        let ids = disputes.values.filter { dispute in
            (charge == nil || dispute.charge == charge) && (intent == nil || dispute.paymentIntent == intent)
        }.map(\.id)
        return try page(ids, url: "/v1/disputes", params: params) { try renderDispute(try dispute($0)) }
    }

    func renderDispute(_ dispute: StripeSimulatedDispute) throws -> StripeSimulatedJSON {
        [
            "id": .string(dispute.id), "object": "dispute", "amount": .int(dispute.amount), "charge": .string(dispute.charge),
            "payment_intent": .string(dispute.paymentIntent), "currency": .string(dispute.currency), "reason": .string(dispute.reason),
            "status": .string(dispute.status), "created": .int(dispute.created), "livemode": false, "metadata": [:],
            "is_charge_refundable": false, "balance_transactions": [],
            "evidence_details": [
                "due_by": .int(dispute.created + 7 * 86_400), "has_evidence": false, "past_due": false, "submission_count": 0,
            ],
        ]
    }
}
