import Foundation
import PerennialPayPal
import PerennialStoreModule
import SwiftASN1
import X509

/// Reads an app's `paypal:` section: `{client_id, secret, webhook_id, environment: sandbox|live,
/// api_base_url?, trusted_roots_file?, certificate_hosts?}`. The secret is best given as an
/// `${ENVIRONMENT_VARIABLE}`; it is sealed in the database and never logged. A delivery's certificate must
/// chain to the system's trusted roots unless `trusted_roots_file` (PEM) names others (with no roots at all,
/// each delivery is verified by asking PayPal); certificates are
/// fetched from PayPal's API hosts only, unless `certificate_hosts` names others (a simulator's, in tests:
/// over http too when `api_base_url` is http).
enum PayPalSettingsParser {
    /// Where the system keeps its trusted roots (Debian and Ubuntu, Fedora and RHEL, Alpine and macOS).
    static let systemRootFiles = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem"]

    static func parse(_ node: ConfigurationNode) throws -> PayPalSettings {
        try node.allowKeys(["client_id", "secret", "webhook_id", "environment", "api_base_url", "trusted_roots_file", "certificate_hosts"])
        let clientID = try node.requiredChild("client_id").token()
        let secret = try node.requiredChild("secret").token()
        let webhookID = try node.requiredChild("webhook_id").token()
        let environmentNode = try node.requiredChild("environment")
        let isLive: Bool
        switch try environmentNode.string() {
        case "live": isLive = true
        case "sandbox": isLive = false
        default: throw environmentNode.error("must be sandbox or live")
        }
        let apiBaseURL = try node.child("api_base_url")?.httpURL()
        var rule = PayPalCertificateURLRule()
        if let hosts = try node.child("certificate_hosts") {
            rule = PayPalCertificateURLRule(hosts: Set(try hosts.strings().map { $0.lowercased() }), allowsHTTP: apiBaseURL?.hasPrefix("http://") ?? false)
        }
        let roots: [Certificate]
        if let rootsNode = try node.child("trusted_roots_file") {
            let path = try rootsNode.string()
            roots = FileManager.default.contents(atPath: path).map { certificates(inPEM: String(decoding: $0, as: UTF8.self)) } ?? []
            guard !roots.isEmpty else { throw rootsNode.error("cannot read PEM certificates from \(path)") }
        } else {
            roots = systemRoots
        }
        return PayPalSettings(
            credentials: PayPalCredentials(clientID: clientID, secret: secret), webhookID: webhookID, isLive: isLive,
            apiBaseURL: apiBaseURL, certificateURLs: rule, trustedRoots: roots)
    }

    /// The system's trusted roots, from the first bundle found; none when there is none (deliveries are then
    /// verified by asking PayPal). Read once per process, however many apps and reloads read `paypal:`.
    static let systemRoots: [Certificate] = systemRootFiles.lazy.compactMap { FileManager.default.contents(atPath: $0) }
        .map { certificates(inPEM: String(decoding: $0, as: UTF8.self)) }.first { !$0.isEmpty } ?? []

    /// Every certificate of a PEM bundle that can be read.
    static func certificates(inPEM text: String) -> [Certificate] {
        ((try? PEMDocument.parseMultiple(pemString: text)) ?? []).compactMap { try? Certificate(pemDocument: $0) }
    }
}
