extension StripeSimulator {
    /// Creates and finalizes the invoice of one period of `subscriptionID` (one line, `amount`, for
    /// `periodStart…periodEnd`; the invoice's own period runs from `previousStart` to now), then
    /// collects it unless collection is paused, the subscription is unpaid, or nothing is owed.
    /// Returns the invoice and how its collection ended (nil: not attempted).
    @discardableResult
    func bill(
        _ subscriptionID: String, reason: String, amount: Int64, periodStart: Int64, periodEnd: Int64, previousStart: Int64? = nil,
        at time: Int64
    ) -> (invoice: String, outcome: StripeSimulatedPaymentOutcome?) {
        guard let subscription = subscriptions[subscriptionID], let price = prices[subscription.price] else { return ("", nil) }
        var invoice = StripeSimulatedInvoice(
            id: StripeSimulatedID.make("in_"), number: "", customer: subscription.customer, subscription: subscription.id,
            subscriptionItem: subscription.itemID, lineID: StripeSimulatedID.make("il_"), price: price.id, quantity: subscription.quantity,
            status: "draft", total: amount, currency: price.currency, billingReason: reason,
            periodStart: previousStart ?? time, periodEnd: time, lineStart: periodStart, lineEnd: periodEnd, created: time,
            testClock: subscription.testClock
        )
        invoice.number = String(format: "%@-%04d", String(subscription.customer.suffix(8)).uppercased(), nextInvoiceNumber)
        nextInvoiceNumber += 1
        invoices[invoice.id] = invoice
        register(invoice.id)
        subscriptions[subscriptionID]?.latestInvoice = invoice.id
        emitInvoice("invoice.created", invoice.id, at: time)
        if let pause = subscription.pauseCollection, subscription.status != "trialing" {
            applyPauseBehavior(pause.behavior, to: invoice.id, at: time)
            return (invoice.id, nil)
        }
        invoices[invoice.id]?.status = "open"
        invoices[invoice.id]?.finalizedAt = time
        emitInvoice("invoice.finalized", invoice.id, at: time)
        if amount == 0 {
            markPaid(invoice.id, at: time)
            return (invoice.id, .paid)
        }
        if subscription.status == "unpaid" { return (invoice.id, nil) }
        return (invoice.id, collect(invoice.id, at: time))
    }

    /// What `pause_collection.behavior` does to an invoice created while collection is paused.
    private func applyPauseBehavior(_ behavior: String, to id: String, at time: Int64) {
        switch behavior {
        case "void":
            invoices[id]?.status = "void"
            invoices[id]?.voidedAt = time
            emitInvoice("invoice.voided", id, at: time)
        case "mark_uncollectible":
            invoices[id]?.status = "uncollectible"
            invoices[id]?.finalizedAt = time
            invoices[id]?.markedUncollectibleAt = time
            emitInvoice("invoice.marked_uncollectible", id, at: time)
        default:
            break
        }
    }

    /// One attempt to charge the customer's card for an open invoice: a payment intent (made on the first
    /// attempt), a charge (unless the bank asks for authentication), the invoice paid or its failure recorded
    /// with the next retry (renewals only: a subscription's first invoice is not retried).
    func collect(_ id: String, at time: Int64) -> StripeSimulatedPaymentOutcome {
        guard var invoice = invoices[id], let customer = customers[invoice.customer] else { return .failed }
        let intentID = invoice.paymentIntent ?? StripeSimulatedID.make("pi_")
        if paymentIntents[intentID] == nil {
            paymentIntents[intentID] = StripeSimulatedPaymentIntent(
                id: intentID, amount: invoice.amountRemaining, currency: invoice.currency, customer: invoice.customer,
                status: "requires_payment_method", latestCharge: nil, created: time
            )
            register(intentID)
            invoice.paymentIntent = intentID
            let payment = StripeSimulatedInvoicePayment(
                id: StripeSimulatedID.make("inpay_"), invoice: id, paymentIntent: intentID, charge: nil, amountRequested: invoice.amountRemaining,
                amountPaid: nil, currency: invoice.currency, status: "open", paidAt: nil, created: time
            )
            invoicePayments[payment.id] = payment
            register(payment.id)
        }
        invoice.attemptCount += 1
        invoice.attempted = true
        invoices[id] = invoice
        switch customer.cardOutcome {
        case .succeed:
            let chargeID = makeCharge(intentID, status: "succeeded", at: time)
            paymentIntents[intentID]?.status = "succeeded"
            if let paymentID = invoicePayments.values.first(where: { $0.paymentIntent == intentID })?.id {
                invoicePayments[paymentID]?.status = "paid"
                invoicePayments[paymentID]?.amountPaid = invoice.amountRemaining
                invoicePayments[paymentID]?.paidAt = time
                invoicePayments[paymentID]?.charge = chargeID
            }
            markPaid(id, at: time)
            return .paid
        case .fail:
            _ = makeCharge(intentID, status: "failed", at: time)
            paymentIntents[intentID]?.status = "requires_payment_method"
            recordFailure(id, at: time)
            emitInvoice("invoice.payment_failed", id, at: time)
            return .failed
        case .requiresAction:
            paymentIntents[intentID]?.status = "requires_action"
            recordFailure(id, at: time)
            emitInvoice("invoice.payment_action_required", id, at: time)
            return .actionRequired
        }
    }

    private func recordFailure(_ id: String, at time: Int64) {
        guard var invoice = invoices[id] else { return }
        let first = invoice.firstFailureAt ?? time
        invoice.firstFailureAt = first
        invoice.nextPaymentAttempt = invoice.billingReason == "subscription_create"
            ? nil : StripeSimulatedRetrySchedule.nextAttempt(firstFailure: first, attemptCount: invoice.attemptCount)
        invoices[id] = invoice
    }

    private func makeCharge(_ intentID: String, status: String, at time: Int64) -> String {
        guard let intent = paymentIntents[intentID] else { return "" }
        let charge = StripeSimulatedCharge(
            id: StripeSimulatedID.make("ch_"), amount: intent.amount, currency: intent.currency, customer: intent.customer, paymentIntent: intentID,
            status: status, failureCode: status == "failed" ? "card_declined" : nil, created: time
        )
        charges[charge.id] = charge
        register(charge.id)
        paymentIntents[intentID]?.latestCharge = charge.id
        if let json = try? renderCharge(charge) { emit(status == "failed" ? "charge.failed" : "charge.succeeded", json, at: time) }
        return charge.id
    }

    private func markPaid(_ id: String, at time: Int64) {
        guard var invoice = invoices[id] else { return }
        invoice.status = "paid"
        invoice.amountPaid = invoice.total
        invoice.paidAt = time
        invoice.nextPaymentAttempt = nil
        invoices[id] = invoice
        emitInvoice("invoice.paid", id, at: time)
        emitInvoice("invoice.payment_succeeded", id, at: time)
    }

    func emitInvoice(_ type: String, _ id: String, at time: Int64) {
        guard let invoice = invoices[id], let json = try? renderInvoice(invoice) else { return }
        emit(type, json, at: time)
    }

    /// `POST /v1/invoices/{id}/pay`: attempts an open invoice now with the customer's card; 402 when declined.
    func payInvoice(_ id: String) throws -> StripeSimulatedJSON {
        let found = try invoice(id)
        guard found.status == "open" else {
            throw StripeSimulatedAPIError.invalid("Invoice is already \(found.status).", code: found.status == "paid" ? "invoice_already_paid" : "invoice_not_open")
        }
        let time = now(customer: found.customer)
        let outcome = collect(id, at: time)
        if let subscriptionID = found.subscription { settleSubscription(subscriptionID, invoice: id, outcome: outcome, at: time) }
        switch outcome {
        case .paid: break
        case .failed: throw StripeSimulatedAPIError.declined()
        case .actionRequired:
            throw StripeSimulatedAPIError(
                status: 402, type: "card_error", code: "invoice_payment_intent_requires_action",
                message: "This payment requires additional user action before it can be completed successfully."
            )
        }
        return try renderInvoice(try invoice(id))
    }
}
