extension StripeSimulator {
    func customer(_ id: String) throws -> StripeSimulatedCustomer {
        guard let found = customers[id] else { throw StripeSimulatedAPIError.noSuch("customer", id) }
        return found
    }

    func product(_ id: String) throws -> StripeSimulatedProduct {
        guard let found = products[id] else { throw StripeSimulatedAPIError.noSuch("product", id) }
        return found
    }

    func price(_ id: String) throws -> StripeSimulatedPrice {
        guard let found = prices[id] else { throw StripeSimulatedAPIError.noSuch("price", id) }
        return found
    }

    func subscription(_ id: String) throws -> StripeSimulatedSubscription {
        guard let found = subscriptions[id] else { throw StripeSimulatedAPIError.noSuch("subscription", id) }
        return found
    }

    func invoice(_ id: String) throws -> StripeSimulatedInvoice {
        guard let found = invoices[id] else { throw StripeSimulatedAPIError.noSuch("invoice", id) }
        return found
    }

    func invoicePayment(_ id: String) throws -> StripeSimulatedInvoicePayment {
        guard let found = invoicePayments[id] else { throw StripeSimulatedAPIError.noSuch("invoice_payment", id) }
        return found
    }

    func paymentIntent(_ id: String) throws -> StripeSimulatedPaymentIntent {
        guard let found = paymentIntents[id] else { throw StripeSimulatedAPIError.noSuch("payment_intent", id) }
        return found
    }

    func charge(_ id: String) throws -> StripeSimulatedCharge {
        guard let found = charges[id] else { throw StripeSimulatedAPIError.noSuch("charge", id) }
        return found
    }

    func refund(_ id: String) throws -> StripeSimulatedRefund {
        guard let found = refunds[id] else { throw StripeSimulatedAPIError.noSuch("refund", id) }
        return found
    }

    func dispute(_ id: String) throws -> StripeSimulatedDispute {
        guard let found = disputes[id] else { throw StripeSimulatedAPIError.noSuch("dispute", id) }
        return found
    }

    func checkoutSession(_ id: String) throws -> StripeSimulatedCheckoutSession {
        guard let found = checkoutSessions[id] else { throw StripeSimulatedAPIError.noSuch("checkout.session", id) }
        return found
    }

    func testClock(_ id: String) throws -> StripeSimulatedTestClock {
        guard let found = testClocks[id] else { throw StripeSimulatedAPIError.noSuch("test_helpers.test_clock", id) }
        return found
    }
}
