import Foundation
import PerennialOutbound

extension PayPalAPIClient {
    /// Sends a call with a valid token and decodes its 2xx answer.
    func send<Answer: Decodable>(
        _ type: Answer.Type, method: String = "GET", path: APIPath, query: String? = nil, body: [UInt8] = []
    ) async throws(StoreAPIError) -> Answer {
        let call = "\(method) \(path.template)"
        var refreshed = false
        while true {
            let token = try await accessToken()
            var headers = [
                HTTPTransportHeader(name: "Authorization", value: "Bearer \(token)"), HTTPTransportHeader(name: "Accept", value: "application/json"),
            ]
            if !body.isEmpty { headers.append(HTTPTransportHeader(name: "Content-Type", value: "application/json")) }
            let request = HTTPTransportRequest(
                method: method, url: baseURL + path.path + (query.map { "?" + $0 } ?? ""), headers: headers, body: body, timeout: timeout,
                purpose: HTTPTransportPurpose(store: "paypal", endpoint: call))
            let response = try await sendRetrying(request, call: call)
            if response.status == 401, !refreshed {
                await tokens.drop()
                refreshed = true
                continue
            }
            guard (200..<300).contains(response.status) else { throw Self.failure(response, call: call) }
            do {
                return try JSONDecoder().decode(Answer.self, from: Data(response.body))
            } catch {
                throw StoreAPIError(.decoding, message: "the answer to \(call) is not a \(Answer.self)", httpStatus: response.status)
            }
        }
    }

    /// The app's access token, fetched when none is cached.
    func accessToken() async throws(StoreAPIError) -> String {
        if let token = await tokens.current() { return token }
        let basic = Data("\(credentials.clientID):\(credentials.secret)".utf8).base64EncodedString()
        let request = HTTPTransportRequest(
            method: "POST", url: baseURL + "/v1/oauth2/token",
            headers: [
                HTTPTransportHeader(name: "Authorization", value: "Basic \(basic)"),
                HTTPTransportHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"),
                HTTPTransportHeader(name: "Accept", value: "application/json"),
            ],
            body: Array("grant_type=client_credentials".utf8), timeout: timeout,
            purpose: HTTPTransportPurpose(store: "paypal", endpoint: "POST /v1/oauth2/token"))
        let response = try await sendRetrying(request, call: "POST /v1/oauth2/token")
        guard (200..<300).contains(response.status) else {
            var failure = Self.failure(response, call: "POST /v1/oauth2/token")
            if response.status == 401 || response.status == 400 { failure.code = .unauthorized }
            throw failure
        }
        guard let answer = try? JSONDecoder().decode(PayPalTokenAnswer.self, from: Data(response.body)), !answer.accessToken.isEmpty else {
            throw StoreAPIError(.decoding, message: "the token answer holds no access_token", httpStatus: response.status)
        }
        await tokens.store(answer.accessToken, expiresIn: answer.expiresIn)
        return answer.accessToken
    }

    /// Sends a request, retrying transport failures, 429 and 5xx; returns any other answer.
    func sendRetrying(_ request: HTTPTransportRequest, call: String) async throws(StoreAPIError) -> HTTPTransportResponse {
        switch await RetryingSender(transport: transport, retryPolicy: retryPolicy, sleep: sleep).send(request) {
        case .answered(let response) where RetryingSender.isRetryable(response.status): throw Self.failure(response, call: call)
        case .answered(let response): return response
        case .unsendable(let message): throw StoreAPIError(.transport, message: "cannot send \(call): \(message)")
        case .unanswered: throw StoreAPIError(.transport, message: "\(call) got no answer")
        }
    }

    /// The error a non-2xx answer stands for, with PayPal's own name of it.
    static func failure(_ response: HTTPTransportResponse, call: String) -> StoreAPIError {
        let answer = try? JSONDecoder().decode(PayPalErrorAnswer.self, from: Data(response.body))
        return StoreAPIError(answer: response.status, call: call, storeCode: answer?.name ?? answer?.error)
    }
}
