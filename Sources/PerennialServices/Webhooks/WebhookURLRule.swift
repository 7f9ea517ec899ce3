import Foundation

/// Where a webhook may be sent: an absolute `https` URL (plain `http` only to the machine itself), without
/// credentials or fragment, whose host resolves to internet addresses only, unless the server's
/// configuration allows loopback and private ones (`webhooks.allow_private_addresses`: a receiver on the
/// same machine or network). Link-local addresses (cloud metadata services) and reserved ones never pass.
/// Checked when an endpoint is saved and again before every attempt, since DNS answers change.
public struct WebhookURLRule: Sendable {
    /// Whether loopback, private and link-local addresses are allowed.
    public var allowsPrivateAddresses: Bool
    let resolver: any WebhookAddressResolver

    /// The longest URL accepted.
    public static let maximumLength = 2048

    public init(allowsPrivateAddresses: Bool, resolver: any WebhookAddressResolver) {
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.resolver = resolver
    }

    /// Throws `invalid_webhook_endpoint` for a URL of the wrong form, `webhook_url_refused` for one that
    /// is not https or points inside the network.
    public func check(_ text: String) async throws {
        let host = try Self.host(of: text)
        let addresses: [[UInt8]]
        do {
            addresses = try await resolver.addresses(of: host)
        } catch {
            throw PerennialError(.webhookURLRefused, "the webhook URL's host does not resolve")
        }
        guard !addresses.isEmpty else { throw PerennialError(.webhookURLRefused, "the webhook URL's host does not resolve") }
        let classes = Set(addresses.map(NetworkAddressClass.init(bytes:)))
        if classes.contains(.reserved) {
            throw PerennialError(.webhookURLRefused, "the webhook URL resolves to a reserved address")
        }
        // Link-local is where cloud metadata services answer: never a receiver, whatever the configuration.
        if classes.contains(.linkLocal) {
            throw PerennialError(.webhookURLRefused, "the webhook URL resolves to a link-local address")
        }
        if !allowsPrivateAddresses, let inside = classes.first(where: { $0 != .global }) {
            throw PerennialError(.webhookURLRefused, "the webhook URL resolves to a \(inside.rawValue) address; set webhooks.allow_private_addresses to allow it")
        }
        if Self.scheme(of: text) == "http" && classes != [.loopback] {
            throw PerennialError(.webhookURLRefused, "a webhook URL must be https (plain http only to the machine itself)")
        }
    }

    /// The URL's host, after checking its form (scheme, length, no credentials, no fragment).
    static func host(of text: String) throws -> String {
        guard text.utf8.count <= maximumLength else {
            throw PerennialError(.invalidWebhookEndpoint, "url must be at most \(maximumLength) bytes")
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty
        else {
            throw PerennialError(.invalidWebhookEndpoint, "url must be an absolute https URL")
        }
        guard components.user == nil, components.password == nil else {
            throw PerennialError(.invalidWebhookEndpoint, "url must not carry credentials; use headers")
        }
        guard components.fragment == nil else {
            throw PerennialError(.invalidWebhookEndpoint, "url must not have a fragment")
        }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7f }) else {
            throw PerennialError(.invalidWebhookEndpoint, "url must not contain spaces or control characters")
        }
        // URLComponents keeps IPv6 literals in brackets.
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    static func scheme(of text: String) -> String? {
        URLComponents(string: text)?.scheme?.lowercased()
    }
}
