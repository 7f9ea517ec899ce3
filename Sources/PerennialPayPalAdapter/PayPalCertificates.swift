import Foundation
import PerennialOutbound
import PerennialPayPal

/// PayPal's message-verification certificates, fetched from a delivery's `PAYPAL-CERT-URL` only when the
/// URL is PayPal's (`PayPalCertificateURLRule`), and kept by URL (at most 32) since PayPal signs many
/// deliveries with one.
actor PayPalCertificates {
    private var byURL: [String: String] = [:]
    private let transport: any HTTPTransport

    init(transport: any HTTPTransport) {
        self.transport = transport
    }

    /// The PEM chain at `url`; nil when it cannot be had now.
    func chain(at url: String, rule: PayPalCertificateURLRule) async -> String? {
        guard rule.allows(url) else { return nil }
        if let cached = byURL[url] { return cached }
        let request = HTTPTransportRequest(
            method: "GET", url: url, headers: [HTTPTransportHeader(name: "Accept", value: "application/x-pem-file")], body: [],
            timeout: .seconds(10), purpose: HTTPTransportPurpose(store: "paypal", endpoint: "GET /v1/notifications/certs/{id}"))
        guard let response = try? await transport.send(request), response.status == 200, response.body.count <= 65_536 else { return nil }
        let pem = String(decoding: response.body, as: UTF8.self)
        if byURL.count >= 32 { byURL.removeAll() }
        byURL[url] = pem
        return pem
    }
}
