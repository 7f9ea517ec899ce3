/// What kind of network an IP address belongs to, for refusing webhook endpoints inside Perennial's own
/// network (an admin key must not make the server probe it).
public enum NetworkAddressClass: String, Sendable, Hashable {
    /// Reachable on the internet.
    case global
    /// The machine itself: 127.0.0.0/8, ::1.
    case loopback
    /// Private ranges: 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT), fc00::/7.
    case `private`
    /// Link-local, where cloud metadata services live: 169.254/16, fe80::/10.
    case linkLocal = "link_local"
    /// Unspecified, multicast, broadcast, reserved or documentation ranges: never a receiver.
    case reserved

    /// The class of an address given as 4 (IPv4) or 16 (IPv6) bytes; an IPv4-mapped or -compatible IPv6
    /// address is judged as its IPv4 address. Any other length is `reserved`.
    public init(bytes: [UInt8]) {
        switch bytes.count {
        case 4: self = Self.ipv4(bytes)
        case 16: self = Self.ipv6(bytes)
        default: self = .reserved
        }
    }

    private static func ipv4(_ b: [UInt8]) -> Self {
        switch (b[0], b[1]) {
        case (127, _): return .loopback
        case (10, _), (192, 168): return .private
        case (172, 16...31): return .private
        case (100, 64...127): return .private
        case (169, 254): return .linkLocal
        case (0, _), (224...255, _): return .reserved
        case (192, 0) where b[2] == 0 || b[2] == 2: return .reserved
        case (198, 18...19): return .reserved
        case (198, 51) where b[2] == 100: return .reserved
        case (203, 0) where b[2] == 113: return .reserved
        default: return .global
        }
    }

    private static func ipv6(_ b: [UInt8]) -> Self {
        let prefixZero = b[0..<10].allSatisfy { $0 == 0 }
        if prefixZero && b[10] == 0xff && b[11] == 0xff { return ipv4(Array(b[12..<16])) }
        if b[0..<15].allSatisfy({ $0 == 0 }) {
            return b[15] == 1 ? .loopback : .reserved
        }
        if prefixZero && b[10] == 0 && b[11] == 0 { return ipv4(Array(b[12..<16])) }
        // NAT64 (64:ff9b::/96) carries an IPv4 address too.
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && b[4..<12].allSatisfy({ $0 == 0 }) {
            return ipv4(Array(b[12..<16]))
        }
        if b[0] & 0xfe == 0xfc { return .private }
        if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return .linkLocal }
        if b[0] == 0xff { return .reserved }
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8 { return .reserved }
        return .global
    }
}
