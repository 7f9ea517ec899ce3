#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation

/// A TCP connection to a server on 127.0.0.1 as a bare descriptor, for tests that speak HTTP byte by byte.
enum LoopbackSocket {
    /// A connected socket the caller must close.
    static func connect(port: Int) throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                #if canImport(Glibc)
                Glibc.connect(descriptor, generic, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                Darwin.connect(descriptor, generic, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        return descriptor
    }
}
