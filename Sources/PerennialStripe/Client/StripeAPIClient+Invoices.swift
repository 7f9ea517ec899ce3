extension StripeAPIClient {
    /// `GET /v1/invoices?subscription=…`: every invoice of a subscription, newest first, at most
    /// `pageLimit` pages of 100.
    public func invoices(subscription: String, pageLimit: Int = 10) async throws(StripeAPIError) -> [StripeInvoice] {
        try await list(StripeInvoice.self, path: Self.path("invoices"), parameters: ["subscription": subscription], pageLimit: pageLimit)
    }

    /// `GET /v1/invoices?subscription=…&ending_before=…`: the invoices of a subscription created after
    /// `invoice`, at most `pageLimit` pages of 100.
    public func invoices(subscription: String, newerThan invoice: String, pageLimit: Int = 10) async throws(StripeAPIError) -> [StripeInvoice] {
        try await list(
            StripeInvoice.self, path: Self.path("invoices"), parameters: ["subscription": subscription], pageLimit: pageLimit,
            newerThan: invoice)
    }

    /// `GET /v1/invoices/{id}`.
    public func invoice(_ id: String) async throws(StripeAPIError) -> StripeInvoice {
        try await send(StripeInvoice.self, path: Self.path("invoices", .id(id)))
    }

    /// `GET /v1/invoice_payments?invoice=…`, each payment's PaymentIntent expanded (so its latest charge is
    /// known without another call).
    public func invoicePayments(invoice: String) async throws(StripeAPIError) -> [StripeInvoicePayment] {
        try await list(
            StripeInvoicePayment.self, path: Self.path("invoice_payments"),
            parameters: ["invoice": invoice, "expand[]": "data.payment.payment_intent"], pageLimit: 5
        )
    }

    /// `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=…`: the invoice
    /// payments a PaymentIntent made, which lead a charge to its invoice.
    public func invoicePayments(paymentIntent: String) async throws(StripeAPIError) -> [StripeInvoicePayment] {
        try await list(
            StripeInvoicePayment.self, path: Self.path("invoice_payments"),
            parameters: ["payment[type]": "payment_intent", "payment[payment_intent]": paymentIntent], pageLimit: 1
        )
    }
}
