#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation

/// One HTTP/1.1 exchange over a plain TCP socket to a server on 127.0.0.1, for input no HTTP client library
/// will send: broken chunking, a body shorter than its `Content-Length`, a gigabyte `Content-Length`. Blocking
/// calls, bounded by a receive timeout, so a test never hangs.
enum RawHTTPExchange {
    /// What came back: the status of the first response line (nil when the server closed without one) and
    /// the whole text read.
    struct Answer: Sendable {
        var status: Int?
        var text: String
    }

    /// Sends `head` (the request line and headers, each ending in CRLF, without the blank line) and `body`,
    /// then half-closes when `halfClose` is set (the client has nothing more to send), and reads until the
    /// server closes or `timeoutSeconds` pass. The blocking calls run on a thread of their own: on a thread
    /// of Swift's cooperative pool they would starve the in-process server of the threads it answers on.
    static func send(port: Int, head: String, body: [UInt8], halfClose: Bool = false, timeoutSeconds: Int = 5) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try exchange(port: port, head: head, body: body, halfClose: halfClose, timeoutSeconds: timeoutSeconds)
                })
            }.start()
        }
    }

    private static func exchange(port: Int, head: String, body: [UInt8], halfClose: Bool, timeoutSeconds: Int) throws -> Answer {
        let descriptor = try LoopbackSocket.connect(port: port)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array((head + "\r\n").utf8) + body
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { break }  // the server may close early on input it refuses
            sent += written
        }
        if halfClose { shutdown(descriptor, Int32(SHUT_WR)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
        return Answer(status: text.hasPrefix("HTTP/1.") ? status : nil, text: text)
    }
}
