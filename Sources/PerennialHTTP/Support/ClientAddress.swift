import Foundation
import Hummingbird

/// The address a request comes from: the connection's peer, or — behind a reverse proxy configured as
/// trusted (`server.trusted_proxy_header`) — the last address in that header, the one the proxy added.
public enum ClientAddress {
    /// Longer values are cut: no address is longer (an IPv6 address with a zone fits), and the value keys
    /// a map.
    static let maximumLength = 64

    /// - Parameter trustedHeader: the header's name, lowercased; nil to use the peer.
    public static func of(_ request: Request, peer: String?, trustedHeader: String?) -> String {
        if let trustedHeader,
           let value = request.headers.last(where: { $0.name.canonicalName == trustedHeader })?.value {
            let last = value.split(separator: ",").last?.trimmingCharacters(in: .whitespaces) ?? ""
            if !last.isEmpty { return String(last.prefix(maximumLength)) }
        }
        return peer ?? "unknown"
    }
}
