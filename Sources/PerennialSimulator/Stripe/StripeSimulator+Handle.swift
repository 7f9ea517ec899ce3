import Foundation

extension StripeSimulator {
    /// Answers one API call as Stripe would: faults first, then the secret key, the idempotency key, the
    /// call itself; then the webhooks due are delivered. Every answer has a `Request-Id`.
    public func handle(_ request: StripeSimulatedRequest) async -> StripeSimulatedResponse {
        let requestID = StripeSimulatedID.make("req_")
        if let fault = faultList.take(at: simulatorNow) {
            if case .timeout(let seconds) = fault.kind {
                await hold(seconds: seconds)
            } else {
                return Self.faultResponse(fault, requestID: requestID)
            }
        }
        let response = respond(request, requestID: requestID)
        await deliverDue()
        return response
    }

    private func respond(_ request: StripeSimulatedRequest, requestID: String) -> StripeSimulatedResponse {
        guard authorized(request.authorization) else {
            let error = StripeSimulatedAPIError(
                status: 401, type: "invalid_request_error",
                message: "Invalid API Key provided: \(Self.redacted(request.authorization))"
            )
            return Self.response(error.json, status: 401, requestID: requestID)
        }
        catchUp()
        let key = request.method == "POST" ? request.idempotencyKey : nil
        if let key, let record = idempotency[key] {
            guard record.method == request.method, record.path == request.path, record.params == request.params else {
                let error = StripeSimulatedAPIError(
                    status: 400, type: "idempotency_error",
                    message: "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '\(key)' if you meant to execute a different request."
                )
                return Self.response(error.json, status: 400, requestID: requestID)
            }
            var replay = record.response
            replay.headers["Request-Id"] = requestID
            replay.headers["Idempotent-Replayed"] = "true"
            return replay
        }
        currentRequest = (requestID, key)
        defer { currentRequest = nil }
        var response: StripeSimulatedResponse
        do {
            let answer = try route(request)
            response = Self.response(try expand(answer, paths: request.params.strings("expand")), status: 200, requestID: requestID)
        } catch let error as StripeSimulatedAPIError {
            response = Self.response(error.json, status: error.status, requestID: requestID)
        } catch {
            let failure = StripeSimulatedAPIError(status: 500, type: "api_error", message: "An unexpected error occurred.")
            response = Self.response(failure.json, status: 500, requestID: requestID)
        }
        if let key {
            response.headers["Idempotency-Key"] = key
            let now = simulatorNow
            idempotency = idempotency.filter { now - $0.value.storedAt < StripeSimulatedIdempotencyRecord.lifetime }
            idempotency[key] = StripeSimulatedIdempotencyRecord(
                method: request.method, path: request.path, params: request.params, response: response, storedAt: now
            )
        }
        return response
    }

    private func authorized(_ header: String?) -> Bool {
        guard let header else { return false }
        if header.hasPrefix("Bearer ") { return header.dropFirst(7) == secretKey }
        if header.hasPrefix("Basic "), let data = Data(base64Encoded: String(header.dropFirst(6))) {
            return String(decoding: data, as: UTF8.self).split(separator: ":", omittingEmptySubsequences: false).first.map(String.init) == secretKey
        }
        return false
    }

    private static func redacted(_ header: String?) -> String {
        guard let header else { return "(none)" }
        let key = header.split(separator: " ").last.map(String.init) ?? ""
        return key.count > 8 ? String(key.prefix(8)) + "*********" + String(key.suffix(4)) : key
    }

    static func response(_ json: StripeSimulatedJSON, status: Int, requestID: String) -> StripeSimulatedResponse {
        StripeSimulatedResponse(
            status: status,
            headers: ["Content-Type": "application/json", "Request-Id": requestID, "Stripe-Version": apiVersion],
            body: json.encoded()
        )
    }

    static func faultResponse(_ fault: StripeSimulatedFault, requestID: String) -> StripeSimulatedResponse {
        let error: StripeSimulatedAPIError
        switch fault.kind {
        case .rateLimit:
            error = StripeSimulatedAPIError(
                status: 429, type: "rate_limit_error",
                message: "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits."
            )
        case .unavailable:
            error = StripeSimulatedAPIError(status: 503, type: "api_error", message: "Stripe is temporarily unavailable.")
        case .apiError, .timeout:
            error = StripeSimulatedAPIError(status: 500, type: "api_error", message: "An unknown error occurred.")
        }
        var response = response(error.json, status: error.status, requestID: requestID)
        if let shouldRetry = fault.shouldRetry { response.headers["Stripe-Should-Retry"] = shouldRetry ? "true" : "false" }
        return response
    }
}
