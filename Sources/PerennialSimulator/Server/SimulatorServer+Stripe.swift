import Foundation
import Hummingbird

extension SimulatorServer {
    /// Adds Stripe's side to `router`: the REST API at Stripe's paths (`GET|POST|DELETE /v1/…`, see `StripeSimulator.route`),
    /// form-encoded as Stripe's libraries send it, each call needing the secret key; and the control API:
    /// `POST /simulator/stripe/customers/{id}/card` (`{"outcome": "succeed"|"fail"|"requires_action"}`),
    /// `POST /simulator/stripe/checkout-sessions/{id}/complete`, `GET /simulator/stripe/checkout/{id}` and
    /// `GET /simulator/stripe/portal/{id}` (the pages the sessions' URLs open),
    /// `POST /simulator/stripe/charges/{id}/dispute` (`{"reason"}`), `POST /simulator/stripe/disputes/{id}/close`
    /// (`{"outcome": "won"|"lost", "cancel_subscription"}`), `POST /simulator/stripe/webhook-endpoint`
    /// (`{"url", "secret"}`, answers the secret), `POST /simulator/stripe/webhook-endpoint/roll`
    /// (`{"overlap_seconds"}`), `GET /simulator/stripe/webhook-attempts`, `POST /simulator/stripe/webhooks/deliver`,
    /// `POST /simulator/stripe/tick`, `POST /simulator/stripe/prices` (`{"id": "price_…", "unit_amount",
    /// "currency", "interval", "product_name"}`: a price with a chosen id, for a catalog written in advance),
    /// and Stripe's outages at `/simulator/stripe/faults` (GET, POST, DELETE).
    public static func addStripeRoutes<Context: RequestContext>(to router: Router<Context>, stripe: StripeSimulator) {
        for method in [HTTPRequest.Method.get, .post, .delete] {
            router.on("v1/**", method: method) { request, _ -> Response in
                do {
                    return StripeHTTP.write(await stripe.handle(try await StripeHTTP.read(request)))
                } catch {
                    let failure = StripeSimulatedAPIError(status: 400, type: "invalid_request_error", message: "The request body could not be read.")
                    return StripeHTTP.write(StripeSimulatedResponse(status: 400, headers: ["Request-Id": "req_unreadable"], body: failure.json.encoded()))
                }
            }
        }
        addStripeControlRoutes(to: router, stripe: stripe)
        addStripeWebhookRoutes(to: router, stripe: stripe)
        addStripeFaultRoutes(to: router, stripe: stripe)
    }

    private static func addStripeControlRoutes<Context: RequestContext>(to router: Router<Context>, stripe: StripeSimulator) {
        router.post("simulator/stripe/customers/:id/card") { request, context -> Response in
            await StripeHTTP.control {
                let body = try await StripeHTTP.body(request)
                guard let outcome = body["outcome"]?.string.flatMap(StripeSimulatedCardOutcome.init(rawValue:)) else {
                    throw StripeSimulatedAPIError(status: 400, type: "invalid_request", message: "outcome must be succeed, fail or requires_action")
                }
                let id = try StripeHTTP.parameter("id", context)
                try await stripe.setCardOutcome(customer: id, outcome)
                return ["customer": .string(id), "outcome": .string(outcome.rawValue)]
            }
        }
        router.post("simulator/stripe/checkout-sessions/:id/complete") { _, context -> Response in
            let response = await StripeHTTP.control { try await stripe.completeCheckoutSession(try StripeHTTP.parameter("id", context)) }
            await stripe.deliverDue()
            return response
        }
        router.get("simulator/stripe/checkout/:id") { _, context -> Response in
            let id = (try? StripeHTTP.parameter("id", context)) ?? ""
            return StripeHTTP.html("""
                <html><body><h1>Simulated Stripe Checkout</h1><p>Session \(id.filter { $0.isLetter || $0.isNumber || $0 == "_" })</p>
                <form method="post" action="/simulator/stripe/checkout-sessions/\(id.filter { $0.isLetter || $0.isNumber || $0 == "_" })/complete">
                <button type="submit">Pay</button></form></body></html>
                """)
        }
        router.get("simulator/stripe/portal/:id") { _, _ -> Response in
            StripeHTTP.html("<html><body><h1>Simulated Stripe customer portal</h1></body></html>")
        }
        router.post("simulator/stripe/charges/:id/dispute") { request, context -> Response in
            let response = await StripeHTTP.control(created: true) {
                let body = try await StripeHTTP.body(request)
                return try await stripe.openDispute(charge: try StripeHTTP.parameter("id", context), reason: body["reason"]?.string ?? "fraudulent")
            }
            await stripe.deliverDue()
            return response
        }
        router.post("simulator/stripe/disputes/:id/close") { request, context -> Response in
            let response = await StripeHTTP.control {
                let body = try await StripeHTTP.body(request)
                guard let outcome = body["outcome"]?.string, outcome == "won" || outcome == "lost" else {
                    throw StripeSimulatedAPIError(status: 400, type: "invalid_request", message: "outcome must be won or lost")
                }
                return try await stripe.closeDispute(
                    try StripeHTTP.parameter("id", context), won: outcome == "won", cancelSubscription: body["cancel_subscription"]?.bool ?? false
                )
            }
            await stripe.deliverDue()
            return response
        }
        router.post("simulator/stripe/prices") { request, _ -> Response in
            await StripeHTTP.control {
                let body = try await StripeHTTP.body(request)
                guard let id = body["id"]?.string, let amount = body["unit_amount"]?.int else {
                    throw StripeSimulatedAPIError(status: 400, type: "invalid_request", message: "id and unit_amount are required")
                }
                return try await stripe.seedPrice(
                    id: id, productName: body["product_name"]?.string ?? "Product", unitAmount: amount,
                    currency: body["currency"]?.string ?? "usd", interval: body["interval"]?.string ?? "month")
            }
        }
        router.post("simulator/stripe/tick") { _, _ -> Response in
            await stripe.tick()
            return StripeHTTP.json(["pending_webhooks": .int(Int64(await stripe.pendingWebhookCount()))])
        }
    }

    private static func addStripeWebhookRoutes<Context: RequestContext>(to router: Router<Context>, stripe: StripeSimulator) {
        router.post("simulator/stripe/webhook-endpoint") { request, _ -> Response in
            await StripeHTTP.control {
                let body = try await StripeHTTP.body(request)
                guard let url = body["url"]?.string, !url.isEmpty else {
                    throw StripeSimulatedAPIError(status: 400, type: "invalid_request", message: "missing field url")
                }
                let secret = await stripe.setWebhookEndpoint(url: url, secret: body["secret"]?.string)
                return ["url": .string(url), "secret": .string(secret)]
            }
        }
        router.post("simulator/stripe/webhook-endpoint/roll") { request, _ -> Response in
            await StripeHTTP.control {
                let body = try await StripeHTTP.body(request)
                guard let secret = await stripe.rollWebhookSecret(overlapSeconds: body["overlap_seconds"]?.int ?? 86_400) else {
                    throw StripeSimulatedAPIError(status: 409, type: "invalid_request", code: "no_endpoint", message: "no webhook endpoint is set")
                }
                return ["secret": .string(secret)]
            }
        }
        router.get("simulator/stripe/webhook-attempts") { _, _ -> Response in
            await StripeHTTP.control { ["attempts": try encodable(await stripe.webhookAttempts())] }
        }
        router.post("simulator/stripe/webhooks/deliver") { _, _ -> Response in
            await stripe.deliverDue()
            return StripeHTTP.json(["pending_webhooks": .int(Int64(await stripe.pendingWebhookCount()))])
        }
    }

    private static func addStripeFaultRoutes<Context: RequestContext>(to router: Router<Context>, stripe: StripeSimulator) {
        router.get("simulator/stripe/faults") { _, _ -> Response in
            await StripeHTTP.control { ["faults": try encodable(await stripe.faults())] }
        }
        router.post("simulator/stripe/faults") { request, _ -> Response in
            await StripeHTTP.control(created: true) {
                let body = try await StripeHTTP.body(request)
                let kind: StripeSimulatedFaultKind
                switch body["kind"]?.string {
                case "api_error": kind = .apiError
                case "rate_limit": kind = .rateLimit
                case "unavailable": kind = .unavailable
                case "timeout": kind = .timeout(seconds: body["hold_seconds"].flatMap(number) ?? 30)
                default: throw StripeSimulatedAPIError(status: 400, type: "invalid_request", message: "kind must be api_error, rate_limit, unavailable or timeout")
                }
                let fault = try await stripe.addFault(
                    kind, seconds: body["seconds"].flatMap(number), requests: body["requests"]?.int.map { Int($0) },
                    shouldRetry: body["should_retry"]?.bool
                )
                return try encodable(fault)
            }
        }
        router.delete("simulator/stripe/faults") { _, _ -> Response in
            await stripe.removeAllFaults()
            return await StripeHTTP.control { ["faults": try encodable(await stripe.faults())] }
        }
    }

    private static func number(_ json: StripeSimulatedJSON) -> Double? {
        switch json {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    private static func encodable(_ value: some Encodable) throws -> StripeSimulatedJSON {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return StripeSimulatedJSON.parse(try encoder.encode(value)) ?? .null
    }
}
