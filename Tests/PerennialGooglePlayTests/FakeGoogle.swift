import _CryptoExtras
import Crypto
import Foundation
import PerennialCore
import PerennialOutbound

/// A stand-in for Google's token endpoint and the Developer API: records every request; the token endpoint
/// issues numbered tokens, the API answers from `answers` (a queue per path; empty: 404).
actor FakeGoogle: HTTPTransport {
    static let key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let tokenURI = "https://oauth.test/token"

    static var keyFile: Data {
        let json: [String: String] = [
            "type": "service_account", "client_email": "perennial@project.iam.gserviceaccount.com",
            "private_key_id": "key-1", "private_key": key.pemRepresentation, "token_uri": tokenURI,
        ]
        return try! JSONSerialization.data(withJSONObject: json)
    }

    private(set) var requests: [HTTPTransportRequest] = []
    private(set) var issued = 0
    var answers: [String: [HTTPTransportResponse]] = [:]
    var refuseTokens = false

    func answer(_ path: String, _ responses: HTTPTransportResponse...) {
        answers[path, default: []] += responses
    }

    func refuseTokenRequests() { refuseTokens = true }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        requests.append(request)
        if request.url == Self.tokenURI {
            if refuseTokens { return HTTPTransportResponse(status: 400, body: Array(#"{"error":"invalid_grant"}"#.utf8)) }
            issued += 1
            return HTTPTransportResponse(status: 200, body: Array(#"{"access_token":"token-\#(issued)","expires_in":3599,"token_type":"Bearer"}"#.utf8))
        }
        let path = String(request.url.drop(while: { $0 != "/" }).dropFirst(2).drop(while: { $0 != "/" }))
        guard var queue = answers[path], !queue.isEmpty else {
            return HTTPTransportResponse(status: 404, body: Array(#"{"error":{"code":404,"message":"not found","status":"NOT_FOUND"}}"#.utf8))
        }
        let response = queue.removeFirst()
        answers[path] = queue
        return response
    }

    /// The API requests (not the token endpoint's).
    var apiRequests: [HTTPTransportRequest] { requests.filter { $0.url != Self.tokenURI } }
}
