extension StripeSimulator {
    /// An invoice as Stripe's current API renders it: its subscription under `parent.subscription_details`,
    /// its line's price under `pricing.price_details`.
    func renderInvoice(_ invoice: StripeSimulatedInvoice) throws -> StripeSimulatedJSON {
        let line: StripeSimulatedJSON = [
            "id": .string(invoice.lineID), "object": "line_item", "amount": .int(invoice.total), "currency": .string(invoice.currency),
            "description": .string("\(invoice.quantity) × \(prices[invoice.price].flatMap { products[$0.product]?.name } ?? "Subscription")"),
            "invoice": .string(invoice.id), "livemode": false, "metadata": [:], "quantity": .int(invoice.quantity),
            "period": ["start": .int(invoice.lineStart), "end": .int(invoice.lineEnd)],
            "pricing": [
                "type": "price_details", "unit_amount_decimal": .string(String(prices[invoice.price]?.unitAmount ?? 0)),
                "price_details": ["price": .string(invoice.price), "product": .optional(prices[invoice.price]?.product)],
            ],
            "parent": invoice.subscription.map { subscription in
                [
                    "type": "subscription_item_details", "invoice_item_details": .null,
                    "subscription_item_details": [
                        "subscription": .string(subscription), "subscription_item": .optional(invoice.subscriptionItem),
                        "proration": false, "proration_details": ["credited_items": .null], "invoice_item": .null,
                    ],
                ]
            } ?? .null,
            "discount_amounts": [], "discountable": true, "discounts": [], "taxes": [],
        ]
        let parent: StripeSimulatedJSON = invoice.subscription.map { subscription in
            [
                "type": "subscription_details", "quote_details": .null,
                "subscription_details": [
                    "subscription": .string(subscription),
                    "metadata": .metadata(subscriptions[subscription]?.metadata ?? [:]),
                ],
            ]
        } ?? .null
        return [
            "id": .string(invoice.id), "object": "invoice", "number": invoice.status == "draft" ? .null : .string(invoice.number),
            "customer": .string(invoice.customer), "status": .string(invoice.status), "currency": .string(invoice.currency),
            "amount_due": .int(invoice.total), "amount_paid": .int(invoice.amountPaid), "amount_remaining": .int(invoice.amountRemaining),
            "amount_overpaid": 0, "amount_shipping": 0, "subtotal": .int(invoice.total), "total": .int(invoice.total),
            "billing_reason": .string(invoice.billingReason), "collection_method": "charge_automatically",
            "attempt_count": .int(Int64(invoice.attemptCount)), "attempted": .bool(invoice.attempted),
            "auto_advance": .bool(invoice.status == "open" || invoice.status == "draft"),
            "next_payment_attempt": .optional(invoice.nextPaymentAttempt), "parent": parent,
            "lines": [
                "object": "list", "data": [line], "has_more": false, "total_count": 1,
                "url": .string("/v1/invoices/\(invoice.id)/lines"),
            ],
            "status_transitions": [
                "finalized_at": .optional(invoice.finalizedAt), "paid_at": .optional(invoice.paidAt),
                "voided_at": .optional(invoice.voidedAt), "marked_uncollectible_at": .optional(invoice.markedUncollectibleAt),
            ],
            "period_start": .int(invoice.periodStart), "period_end": .int(invoice.periodEnd), "created": .int(invoice.created),
            "effective_at": .optional(invoice.finalizedAt), "due_date": .null, "livemode": false, "metadata": [:],
            "test_clock": .optional(invoice.testClock), "description": .null, "discounts": [], "total_taxes": [],
            "hosted_invoice_url": .null, "invoice_pdf": .null, "receipt_number": .null, "statement_descriptor": .null,
            "customer_email": .optional(customers[invoice.customer]?.email), "customer_name": .optional(customers[invoice.customer]?.name),
            "default_payment_method": .null, "last_finalization_error": .null, "starting_balance": 0, "ending_balance": .int(0),
            "payments": [
                "object": "list", "has_more": false, "url": .string("/v1/invoices/\(invoice.id)/payments"),
                "data": .array(try invoicePayments.values.filter { $0.invoice == invoice.id }.map(renderInvoicePayment)),
            ],
        ]
    }

    /// `GET /v1/invoices`: filters customer, subscription, status.
    func listInvoices(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let customer = params.string("customer")
        let subscription = params.string("subscription")
        let status = params.string("status")
        let ids = invoices.values.filter { invoice in
            (customer == nil || invoice.customer == customer) && (subscription == nil || invoice.subscription == subscription)
                && (status == nil || invoice.status == status)
        }.map(\.id)
        return try page(ids, url: "/v1/invoices", params: params) { try renderInvoice(try invoice($0)) }
    }

    func renderInvoicePayment(_ payment: StripeSimulatedInvoicePayment) throws -> StripeSimulatedJSON {
        [
            "id": .string(payment.id), "object": "invoice_payment", "invoice": .string(payment.invoice),
            "amount_paid": .optional(payment.amountPaid), "amount_requested": .int(payment.amountRequested),
            "currency": .string(payment.currency), "status": .string(payment.status), "is_default": true,
            "created": .int(payment.created), "livemode": false,
            "payment": ["type": "payment_intent", "payment_intent": .string(payment.paymentIntent)],
            "status_transitions": ["paid_at": .optional(payment.paidAt), "canceled_at": .null],
        ]
    }

    /// `GET /v1/invoice_payments`: filters invoice, status, payment[type]=payment_intent with
    /// payment[payment_intent], and (a simulator extension) payment[type]=charge with payment[charge].
    func listInvoicePayments(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let invoice = params.string("invoice")
        let status = params.string("status")
        let intent = params["payment"].string("payment_intent")
        let charge = params["payment"].string("charge")
        let ids = invoicePayments.values.filter { payment in
            (invoice == nil || payment.invoice == invoice) && (status == nil || payment.status == status)
                && (intent == nil || payment.paymentIntent == intent)
                && (charge == nil || charges[charge ?? ""]?.paymentIntent == payment.paymentIntent)
        }.map(\.id)
        return try page(ids, url: "/v1/invoice_payments", params: params) { try renderInvoicePayment(try invoicePayment($0)) }
    }

    func renderPaymentIntent(_ intent: StripeSimulatedPaymentIntent) throws -> StripeSimulatedJSON {
        [
            "id": .string(intent.id), "object": "payment_intent", "amount": .int(intent.amount),
            "amount_received": .int(intent.status == "succeeded" ? intent.amount : 0), "currency": .string(intent.currency),
            "customer": .string(intent.customer), "status": .string(intent.status), "latest_charge": .optional(intent.latestCharge),
            "created": .int(intent.created), "livemode": false, "metadata": [:], "capture_method": "automatic",
            "confirmation_method": "automatic", "payment_method": .string("pm_card_" + intent.customer.dropFirst(4)),
            "payment_method_types": ["card"], "description": "Subscription update",
            "next_action": intent.status == "requires_action" ? ["type": "use_stripe_sdk", "use_stripe_sdk": [:]] : .null,
            "last_payment_error": intent.status == "requires_payment_method" && intent.latestCharge != nil
                ? ["type": "card_error", "code": "card_declined", "decline_code": "generic_decline", "message": "Your card was declined."]
                : .null,
        ]
    }
}
