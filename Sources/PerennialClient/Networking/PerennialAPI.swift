import Foundation

/// The server's app-facing routes, typed: requests built with the public key, answers and error envelopes
/// decoded. Knows nothing of caches or StoreKit.
struct PerennialAPI: Sendable {
    let configuration: ClientConfiguration
    let transport: any ClientHTTPTransport

    /// What `GET /v1/customers/{id}` said.
    enum CustomerFetch: Sendable {
        case changed(CustomerPayload, eTag: String?)
        case notModified
        case unknownCustomer
    }

    /// `POST /v1/transactions`: validated (200) or pending (202), with the customer as the server knows them.
    struct PurchaseAnswer: Sendable, Decodable {
        var status: String
        var customer: CustomerPayload?
    }

    struct LoginAnswer: Sendable, Decodable {
        var customer: CustomerPayload
        var created: Bool
    }

    func customer(_ appUserID: String, eTag: String?) async throws(PerennialClientError) -> CustomerFetch {
        var headers: [String: String] = [:]
        if let eTag { headers["If-None-Match"] = eTag }
        let response = try await send("GET", "/v1/customers/\(Self.segment(appUserID))", headers: headers, accepting: [200, 304, 404])
        switch response.status {
        case 304: return .notModified
        case 404:
            // An id the server has not met yet is a customer with nothing bought; any other 404 is an error.
            let code = (try? ServerJSON.decode(ErrorEnvelope.self, from: response.body))?.error.code
            if code == "customer_not_found" { return .unknownCustomer }
            throw Self.failure(response)
        default:
            return .changed(try ServerJSON.decode(CustomerPayload.self, from: response.body), eTag: response.headers["etag"])
        }
    }

    func postTransaction(_ appUserID: String, signedTransaction: String) async throws(PerennialClientError) -> PurchaseAnswer {
        let body = ["app_user_id": appUserID, "signed_transaction": signedTransaction]
        let response = try await send("POST", "/v1/transactions", json: body, accepting: [200, 202])
        return try ServerJSON.decode(PurchaseAnswer.self, from: response.body)
    }

    func logIn(from appUserID: String, to newAppUserID: String) async throws(PerennialClientError) -> LoginAnswer {
        let response = try await send("POST", "/v1/customers/\(Self.segment(appUserID))/login", json: ["new_app_user_id": newAppUserID])
        return try ServerJSON.decode(LoginAnswer.self, from: response.body)
    }

    func setAttributes(_ appUserID: String, _ attributes: [String: String?]) async throws(PerennialClientError) {
        struct Body: Encodable { var attributes: [String: String?] }
        _ = try await send("PUT", "/v1/customers/\(Self.segment(appUserID))/attributes", json: Body(attributes: attributes), accepting: [204])
    }

    /// Percent-encodes an app user id for one path segment: everything but RFC 3986's unreserved characters.
    static func segment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    /// A query string's value, encoded like a path segment.
    static func query(_ items: [(String, String?)]) -> String {
        let pairs = items.compactMap { name, value in value.map { "\(name)=\(segment($0))" } }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    func send<Body: Encodable>(
        _ method: String, _ pathAndQuery: String, json body: Body, accepting: Set<Int> = [200]
    ) async throws(PerennialClientError) -> ClientHTTPResponse {
        let data: Data
        do { data = try JSONEncoder().encode(body) } catch { throw .invalidResponse("cannot encode the request: \(error)") }
        return try await send(method, pathAndQuery, headers: ["Content-Type": "application/json"], body: data, accepting: accepting)
    }

    /// Sends one request; an answer outside `accepting` becomes the error its envelope names.
    func send(
        _ method: String, _ pathAndQuery: String, headers: [String: String] = [:], body: Data? = nil, accepting: Set<Int> = [200]
    ) async throws(PerennialClientError) -> ClientHTTPResponse {
        var request = ClientHTTPRequest(method: method, pathAndQuery: pathAndQuery, headers: headers, body: body)
        request.headers["Authorization"] = "Bearer \(configuration.apiKey)"
        request.headers["Accept"] = "application/json"
        let response: ClientHTTPResponse
        do {
            response = try await transport.send(request, to: configuration.baseURL, timeout: configuration.requestTimeout)
        } catch let error as PerennialClientError {
            throw error
        } catch {
            throw .network(String(describing: error))
        }
        guard accepting.contains(response.status) else { throw Self.failure(response) }
        return response
    }

    static func failure(_ response: ClientHTTPResponse) -> PerennialClientError {
        if response.status == 429 {
            return .rateLimited(retryAfter: response.headers["retry-after"].flatMap(TimeInterval.init))
        }
        if let envelope = try? ServerJSON.decoder().decode(ErrorEnvelope.self, from: response.body) {
            return .server(status: response.status, code: envelope.error.code, message: envelope.error.message)
        }
        return .server(status: response.status, code: "http_\(response.status)", message: "the server answered \(response.status)")
    }
}

/// `{"error": {"code", "message"}}`, every error the server sends.
struct ErrorEnvelope: Decodable {
    struct Detail: Decodable {
        var code: String
        var message: String
    }

    var error: Detail
}
