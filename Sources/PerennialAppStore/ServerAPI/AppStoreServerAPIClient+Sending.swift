import Foundation
import PerennialCore
import PerennialOutbound

extension AppStoreServerAPIClient {
    /// Sends a request to the configured environment, then, for a lookup that production does not know, to
    /// the sandbox. Returns the success body and the environment that answered.
    func perform(_ request: ServerAPIRequest) async throws -> (body: [UInt8], environment: ServerAPIEnvironment) {
        try await perform(request, pinnedTo: nil)
    }

    /// As `perform(_:)`, but only to `environment` when one is given (a later page of a paginated call).
    func perform(
        _ request: ServerAPIRequest, pinnedTo environment: ServerAPIEnvironment?
    ) async throws -> (body: [UInt8], environment: ServerAPIEnvironment) {
        if let environment {
            return (try await perform(request, in: environment), environment)
        }
        let primary = configuration.environment
        do {
            return (try await perform(request, in: primary), primary)
        } catch let error as AppStoreServerAPIError
            where request.fallsBackToSandbox && configuration.sandboxFallbackEnabled && Self.isNotFoundInEnvironment(error)
        {
            return (try await perform(request, in: .sandbox), .sandbox)
        }
    }

    /// Sends a request to a decoded response type.
    func perform<Response: Decodable>(
        _ request: ServerAPIRequest, as type: Response.Type, pinnedTo environment: ServerAPIEnvironment? = nil
    ) async throws -> (response: Response, environment: ServerAPIEnvironment) {
        let (body, answered) = try await perform(request, pinnedTo: environment)
        do {
            return (try JSONDecoder().decode(Response.self, from: Data(body)), answered)
        } catch {
            throw AppStoreServerAPIError(
                .invalidResponse, httpStatus: 200,
                errorMessage: "the \(answered) server's answer to \(request.method) \(request.path) is not a \(Response.self)",
                environment: answered
            )
        }
    }

    /// Whether an error says the transaction id is unknown in the environment asked.
    static func isNotFoundInEnvironment(_ error: AppStoreServerAPIError) -> Bool {
        error.kind == .apiError
            && (error.errorCode == .transactionIdNotFound || error.errorCode == .originalTransactionIdNotFound)
    }

    /// Sends a request to one environment, retrying as configured, and returns the body of a 2xx answer.
    func perform(_ request: ServerAPIRequest, in environment: ServerAPIEnvironment) async throws -> [UInt8] {
        guard let baseURL = configuration.baseURL(for: environment) else {
            throw AppStoreServerAPIError(
                .invalidConfiguration, errorMessage: "no base URL for the \(environment) environment",
                environment: environment
            )
        }
        let url = baseURL + request.pathAndQuery
        let endpoint = "\(request.method) \(request.path) (\(environment))"
        var failures = 0
        var rateLimited = 0
        var renewedToken = false
        while true {
            try Task.checkCancellation()
            let token = try signer.token()
            var headers = [
                HTTPTransportHeader(name: "Authorization", value: "Bearer \(token)"),
                HTTPTransportHeader(name: "Accept", value: "application/json"),
            ]
            if request.body != nil {
                headers.append(HTTPTransportHeader(name: "Content-Type", value: "application/json"))
            }
            let outgoing = HTTPTransportRequest(
                method: request.method, url: url, headers: headers, body: request.body ?? [],
                timeout: configuration.timeout,
                purpose: HTTPTransportPurpose(store: "app_store", endpoint: "\(request.method) \(request.template)")
            )

            let response: HTTPTransportResponse
            do {
                response = try await transport.send(outgoing)
            } catch {
                if error is CancellationError || Task.isCancelled { throw CancellationError() }
                let failure = Self.transportFailure(error, endpoint: endpoint, environment: environment)
                guard failure.kind == .unavailable else { throw failure }
                failures += 1
                try await backOff(after: failures, or: failure)
                continue
            }

            switch response.status {
            case 200..<300:
                return response.body
            case 401:
                guard renewedToken else {
                    renewedToken = true
                    signer.invalidate(token)
                    continue
                }
                throw AppStoreServerAPIError(
                    .unauthorized, httpStatus: 401,
                    errorMessage: "\(endpoint) refused the bearer token twice: check the issuer id, key id, key and bundle id",
                    environment: environment
                )
            case 429:
                rateLimited += 1
                let now = clock.now()
                let body = Self.errorBody(response.body)
                let retryAfter = Self.retryAfter(response.header("Retry-After"), now: now)
                let error = AppStoreServerAPIError(
                    .rateLimited, httpStatus: 429, errorCode: body?.errorCode ?? .rateLimitExceeded,
                    errorMessage: body?.errorMessage ?? "\(endpoint) is rate limited", retryAfter: retryAfter,
                    environment: environment
                )
                guard rateLimited <= configuration.rateLimitRetries else { throw error }
                let wait: Duration
                if let retryAfter {
                    wait = .milliseconds(max(0, retryAfter.milliseconds - now.milliseconds))
                } else {
                    wait = configuration.retryPolicy.delay(afterFailure: rateLimited, jitter: jitter)
                }
                guard wait <= configuration.maximumRateLimitWait else { throw error }
                try await sleep(wait)
            default:
                let body = Self.errorBody(response.body)
                let error: AppStoreServerAPIError
                if let body, body.errorCode != nil || body.errorMessage != nil {
                    error = AppStoreServerAPIError(
                        .apiError, httpStatus: response.status, errorCode: body.errorCode,
                        errorMessage: body.errorMessage, environment: environment
                    )
                } else {
                    error = AppStoreServerAPIError(
                        response.status >= 500 ? .unavailable : .apiError, httpStatus: response.status,
                        errorMessage: "HTTP \(response.status) from \(endpoint)", environment: environment
                    )
                }
                guard error.isRetryable else { throw error }
                failures += 1
                try await backOff(after: failures, or: error)
            }
        }
    }

    /// Waits before the next attempt, or throws `error` when the attempts are used up.
    private func backOff(after failures: Int, or error: AppStoreServerAPIError) async throws {
        guard failures < configuration.retryPolicy.attempts else { throw error }
        try await sleep(configuration.retryPolicy.delay(afterFailure: failures, jitter: jitter))
    }

    /// Classifies an error the transport threw: an unusable URL is a configuration error, anything else may pass.
    static func transportFailure(
        _ error: any Error, endpoint: String, environment: ServerAPIEnvironment
    ) -> AppStoreServerAPIError {
        guard let error = error as? HTTPTransportError else {
            return AppStoreServerAPIError(
                .unavailable, errorMessage: "\(endpoint) failed: \(type(of: error))", environment: environment
            )
        }
        if error.code == .invalidRequest {
            return AppStoreServerAPIError(
                .invalidConfiguration, errorMessage: "cannot send \(endpoint): \(error.message)",
                environment: environment
            )
        }
        return AppStoreServerAPIError(
            .unavailable, errorMessage: "\(error.code) error from \(endpoint): \(error.message)",
            environment: environment
        )
    }

    /// Apple's error body, when the body is one.
    static func errorBody(_ body: [UInt8]) -> ServerAPIErrorBody? {
        try? JSONDecoder().decode(ServerAPIErrorBody.self, from: Data(body))
    }

    /// Encodes a request body: sorted keys, absent optionals left out.
    static func encode<Body: Encodable>(_ body: Body) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(body))
        } catch {
            throw AppStoreServerAPIError(.invalidConfiguration, errorMessage: "cannot encode a \(Body.self)")
        }
    }
}
