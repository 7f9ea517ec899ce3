import Foundation

/// Which `PAYPAL-CERT-URL`s may be fetched: https on one of PayPal's API hosts, under
/// `/v1/notifications/certs/`, with no user, port or query, so a forged header cannot make Perennial fetch
/// from anywhere else. Tests may trust another host (the simulator's), over http.
public struct PayPalCertificateURLRule: Sendable, Hashable {
    /// The hosts PayPal serves its message-verification certificates from.
    public static let payPalHosts: Set<String> = ["api.paypal.com", "api.sandbox.paypal.com", "api-m.paypal.com", "api-m.sandbox.paypal.com"]

    public var hosts: Set<String>
    /// Whether `http://` is accepted (a simulator on loopback, in tests).
    public var allowsHTTP: Bool

    public init(hosts: Set<String> = PayPalCertificateURLRule.payPalHosts, allowsHTTP: Bool = false) {
        self.hosts = hosts
        self.allowsHTTP = allowsHTTP
    }

    /// Whether `text` may be fetched.
    public func allows(_ text: String) -> Bool {
        guard text.utf8.count <= 1_024, let url = URLComponents(string: text), let host = url.host?.lowercased() else { return false }
        let schemeAllowed = url.scheme == "https" || (allowsHTTP && url.scheme == "http")
        return schemeAllowed && hosts.contains(host) && url.user == nil && url.password == nil && url.query == nil
            && url.fragment == nil && (url.port == nil || allowsHTTP) && url.path.hasPrefix("/v1/notifications/certs/")
            && !url.path.contains("..")
    }
}
