extension StripeSimulator {
    /// Finds the call `request` makes by its method and path (`/v1/…`) and runs it.
    func route(_ request: StripeSimulatedRequest) throws -> StripeSimulatedJSON {
        let segments = request.path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        guard segments.first == "v1" else { throw unknownURL(request) }
        let path = Array(segments.dropFirst())
        let params = request.params
        switch (request.method, path.first ?? "") {
        case (_, "customers"): return try routeCustomers(request.method, path, params)
        case (_, "products"), (_, "prices"): return try routeCatalog(request.method, path, params)
        case (_, "subscriptions"): return try routeSubscriptions(request.method, path, params)
        case (_, "invoices"), (_, "invoice_payments"), (_, "payment_intents"): return try routeBilling(request.method, path, params)
        case (_, "charges"), (_, "refunds"), (_, "disputes"): return try routePayments(request.method, path, params)
        case (_, "checkout"), (_, "billing_portal"): return try routeSessions(request, Array(path.dropFirst()))
        case (_, "test_helpers"): return try routeTestClocks(request.method, Array(path.dropFirst()), params)
        case ("GET", "events"):
            if path.count == 2 { return try renderEvent(path[1]) }
            if path.count == 1 { return try listEvents(params) }
        default: break
        }
        throw unknownURL(request)
    }

    func unknownURL(_ request: StripeSimulatedRequest) -> StripeSimulatedAPIError {
        StripeSimulatedAPIError(
            status: 404, type: "invalid_request_error",
            message: "Unrecognized request URL (\(request.method): \(request.path)). Please see https://stripe.com/docs or we can help at https://support.stripe.com/."
        )
    }

    private func routeCustomers(_ method: String, _ path: [String], _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        switch (method, path.count) {
        case ("GET", 1): return try listCustomers(params)
        case ("POST", 1): return try createCustomer(params)
        case ("GET", 2): return try renderCustomer(try customer(path[1]))
        case ("POST", 2): return try updateCustomer(path[1], params)
        default: throw StripeSimulatedAPIError.invalid("Unrecognized request URL (\(method): /v1/\(path.joined(separator: "/"))).")
        }
    }

    private func routeCatalog(_ method: String, _ path: [String], _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        switch (method, path[0], path.count) {
        case ("GET", "products", 1): return try listProducts(params)
        case ("POST", "products", 1): return try createProduct(params)
        case ("GET", "products", 2): return renderProduct(try product(path[1]))
        case ("GET", "prices", 1): return try listPrices(params)
        case ("POST", "prices", 1): return try createPrice(params)
        case ("GET", "prices", 2): return renderPrice(try price(path[1]))
        default: throw StripeSimulatedAPIError.invalid("Unrecognized request URL (\(method): /v1/\(path.joined(separator: "/"))).")
        }
    }

    private func routeSubscriptions(_ method: String, _ path: [String], _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        switch (method, path.count, path.count == 3 ? path[2] : "") {
        case ("GET", 1, _): return try listSubscriptions(params)
        case ("POST", 1, _): return try createSubscription(params)
        case ("GET", 2, _): return try renderSubscription(try subscription(path[1]))
        case ("POST", 2, _): return try updateSubscription(path[1], params)
        case ("DELETE", 2, _): return try cancelSubscription(path[1], params)
        case ("POST", 3, "pause"): return try pauseSubscription(path[1], params)
        case ("POST", 3, "resume"): return try resumeSubscription(path[1], params)
        default: throw StripeSimulatedAPIError.invalid("Unrecognized request URL (\(method): /v1/\(path.joined(separator: "/"))).")
        }
    }

    private func routeBilling(_ method: String, _ path: [String], _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        switch (method, path[0], path.count) {
        case ("GET", "invoices", 1): return try listInvoices(params)
        case ("GET", "invoices", 2): return try renderInvoice(try invoice(path[1]))
        case ("POST", "invoices", 3) where path[2] == "pay": return try payInvoice(path[1])
        case ("GET", "invoice_payments", 1): return try listInvoicePayments(params)
        case ("GET", "invoice_payments", 2): return try renderInvoicePayment(try invoicePayment(path[1]))
        case ("GET", "payment_intents", 2): return try renderPaymentIntent(try paymentIntent(path[1]))
        default: throw StripeSimulatedAPIError.invalid("Unrecognized request URL (\(method): /v1/\(path.joined(separator: "/"))).")
        }
    }

    private func routePayments(_ method: String, _ path: [String], _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        switch (method, path[0], path.count) {
        case ("GET", "charges", 1): return try listCharges(params)
        case ("GET", "charges", 2): return try renderCharge(try charge(path[1]))
        case ("GET", "refunds", 1): return try listRefunds(params)
        case ("POST", "refunds", 1): return try createRefund(params)
        case ("GET", "refunds", 2): return try renderRefund(try refund(path[1]))
        case ("GET", "disputes", 1): return try listDisputes(params)
        case ("GET", "disputes", 2): return try renderDispute(try dispute(path[1]))
        default: throw StripeSimulatedAPIError.invalid("Unrecognized request URL (\(method): /v1/\(path.joined(separator: "/"))).")
        }
    }

    private func routeSessions(_ request: StripeSimulatedRequest, _ rest: [String]) throws -> StripeSimulatedJSON {
        let kind = request.path.split(separator: "/").dropFirst().first.map(String.init) ?? ""
        switch (request.method, kind, rest.first ?? "", rest.count) {
        case ("POST", "checkout", "sessions", 1): return try createCheckoutSession(request.params, baseURL: request.baseURL)
        case ("GET", "checkout", "sessions", 1): return try listCheckoutSessions(request.params)
        case ("GET", "checkout", "sessions", 2): return try renderCheckoutSession(try checkoutSession(rest[1]))
        case ("POST", "billing_portal", "sessions", 1): return try createPortalSession(request.params, baseURL: request.baseURL)
        default: throw unknownURL(request)
        }
    }

    private func routeTestClocks(_ method: String, _ rest: [String], _ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        guard rest.first == "test_clocks" else { throw StripeSimulatedAPIError.invalid("Unrecognized request URL (\(method): /v1/test_helpers).") }
        switch (method, rest.count) {
        case ("GET", 1): return try listTestClocks(params)
        case ("POST", 1): return try createTestClock(params)
        case ("GET", 2): return renderTestClock(try testClock(rest[1]))
        case ("DELETE", 2): return try deleteTestClock(rest[1])
        case ("POST", 3) where rest[2] == "advance": return try advanceTestClock(rest[1], params)
        default: throw StripeSimulatedAPIError.invalid("Unrecognized request URL (\(method): /v1/test_helpers/\(rest.joined(separator: "/"))).")
        }
    }
}
