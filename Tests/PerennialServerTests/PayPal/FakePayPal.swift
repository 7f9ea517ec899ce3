import Foundation
import PerennialOutbound
import PerennialTesting

/// PayPal's API for one subscription, at `https://paypal.test`: the OAuth token, the subscription, its plan,
/// its payments and the message-verification certificate, as a test sets them.
actor FakePayPal: HTTPTransport {
    static let host = "https://paypal.test"
    static let certificateURL = "https://paypal.test/v1/notifications/certs/CERT-1"

    var subscription = ""
    var plan = ""
    var payments: [String] = []
    private(set) var calls: [String] = []

    func set(subscription: String, payments: [String]) {
        self.subscription = subscription
        self.payments = payments
    }

    func set(plan: String) {
        self.plan = plan
    }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        let path = String(request.url.dropFirst(Self.host.count).prefix { $0 != "?" })
        calls.append("\(request.method) \(path)")
        let body: String
        switch (request.method, path) {
        case ("POST", "/v1/oauth2/token"): body = #"{"access_token":"A21AAF","token_type":"Bearer","expires_in":32400}"#
        case ("GET", "/v1/notifications/certs/CERT-1"): body = PayPalTestAuthority.shared.chainPEM
        case ("GET", "/v1/billing/plans/P-1"): body = plan
        case ("GET", "/v1/billing/subscriptions/I-1"): body = subscription
        case ("GET", "/v1/billing/subscriptions/I-1/transactions"): body = #"{"transactions":[\#(payments.joined(separator: ","))]}"#
        default: return HTTPTransportResponse(status: 404, body: Array(#"{"name":"RESOURCE_NOT_FOUND"}"#.utf8))
        }
        return HTTPTransportResponse(status: 200, body: Array(body.utf8))
    }
}
