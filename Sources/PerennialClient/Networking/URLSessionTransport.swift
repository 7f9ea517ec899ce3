import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's transport over `URLSession` (Foundation's; FoundationNetworking's on Linux).
public struct URLSessionTransport: ClientHTTPTransport {
    /// An ephemeral session: the client keeps its own cache, so URLSession's must not answer for the server.
    let session: URLSession

    /// A transport over `session` (an ephemeral one by default).
    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    public func send(_ request: ClientHTTPRequest, to baseURL: URL, timeout: TimeInterval) async throws -> ClientHTTPResponse {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        guard let url = URL(string: base + request.pathAndQuery) else {
            throw PerennialClientError.invalidResponse("cannot form a URL from the base URL and \(request.pathAndQuery)")
        }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: urlRequest) { data, response, error in
                guard let http = response as? HTTPURLResponse else {
                    continuation.resume(throwing: PerennialClientError.network(error?.localizedDescription ?? "no response"))
                    return
                }
                var headers: [String: String] = [:]
                for (name, value) in http.allHeaderFields {
                    if let name = name as? String, let value = value as? String { headers[name] = value }
                }
                continuation.resume(returning: ClientHTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
            }
            task.resume()
        }
    }
}
