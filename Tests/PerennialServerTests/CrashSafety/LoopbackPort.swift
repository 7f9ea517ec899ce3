#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP port free on 127.0.0.1, picked by the kernel: bind to port 0, read the port, close.
enum LoopbackPort {
    struct Unavailable: Error {}

    static func free() throws -> Int {
        let held = try hold(listening: false)
        close(held.descriptor)
        return held.port
    }

    /// A port bound (and listening, if asked) by an open socket the caller must `close`: in use until then.
    static func hold(listening: Bool) throws -> (port: Int, descriptor: Int32) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Unavailable() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound, !listening || listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw Unavailable()
        }
        return (Int(UInt16(bigEndian: address.sin_port)), descriptor)
    }
}
