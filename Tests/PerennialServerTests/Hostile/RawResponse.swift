import Foundation
import HTTPTypes
import NIOCore

/// An answer as a hostile-input test reads it: status, headers, and the body parsed as JSON when it is.
struct RawResponse: Sendable {
    var status: Int
    var headers: HTTPFields
    var body: JSONObject
    var text: String

    /// Whether the answer is a 4xx in the error envelope, with a code and a message.
    var isClientErrorEnvelope: Bool {
        (400..<500).contains(status) && body["error"]["code"].string?.isEmpty == false
            && body["error"]["message"].string?.isEmpty == false
    }
}

extension TestHarness {
    /// Sends any request; `key` is sent as the bearer key when given.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, key: String? = nil, body: Data? = nil,
        contentType: String? = "application/json", headers extra: HTTPFields = [:]
    ) async throws -> RawResponse {
        var headers = extra
        if let contentType { headers[.contentType] = contentType }
        if let key { headers[.authorization] = "Bearer \(key)" }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) }) { response in
            let text = String(decoding: Data(buffer: response.body), as: UTF8.self)
            let json = (try? JSONObject(response.body)) ?? JSONObject(nil)
            return RawResponse(status: Int(response.status.code), headers: response.headers, body: json, text: text)
        }
    }

    /// Whether `/health` still answers 200.
    func isHealthy() async throws -> Bool {
        try await send(.get, "/health").status == 200
    }
}
