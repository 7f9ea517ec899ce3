#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation
import PerennialOutbound

/// A client that opens a TCP connection to a server on 127.0.0.1 and sends its bytes slowly, noting when the
/// server closes the connection. Blocking calls, each on a thread of its own (see `RawHTTPExchange`).
final class TrickleConnection: @unchecked Sendable {
    // @unchecked: the descriptor is set once in init and used by one caller at a time (each test awaits
    // every call before the next); close() is idempotent through `closed`.
    private let descriptor: Int32
    private var closed = false
    private let opened = ContinuousClock.now

    init(port: Int) throws {
        descriptor = try LoopbackSocket.connect(port: port)
    }

    deinit { disconnect() }

    func disconnect() {
        guard !closed else { return }
        closed = true
        close(descriptor)
    }

    /// Sends `bytes` one at a time, `interval` apart, stopping early when the server closes; returns how long
    /// after opening the server closed the connection, or nil if it was still open after the last byte and
    /// `linger` more.
    func trickle(_ bytes: [UInt8], interval: Duration, linger: Duration = .zero) async -> Duration? {
        await onThread {
            for byte in bytes {
                if self.serverClosed() { return self.opened.duration(to: .now) }
                var value = byte
                if send(self.descriptor, &value, 1, Int32(MSG_NOSIGNAL)) != 1 { return self.opened.duration(to: .now) }
                Thread.sleep(forTimeInterval: interval.seconds)
            }
            let deadline = ContinuousClock.now + linger
            repeat {
                if self.serverClosed() { return self.opened.duration(to: .now) }
                Thread.sleep(forTimeInterval: 0.05)
            } while ContinuousClock.now < deadline
            return nil
        }
    }

    /// Sends `bytes` at once.
    func sendAll(_ bytes: [UInt8]) async -> Bool {
        await onThread {
            bytes.withUnsafeBytes { send(self.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) == bytes.count }
        }
    }

    /// Reads what the server sends within `timeout`: up to its close, or 200 ms without data once some came.
    func receive(timeout: Duration) async -> String {
        await onThread {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            let deadline = ContinuousClock.now + timeout
            var lastData = ContinuousClock.now
            while ContinuousClock.now < deadline {
                let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count > 0 {
                    received += buffer[..<count]
                    lastData = .now
                    continue
                }
                if count == 0 || (!received.isEmpty && lastData.duration(to: .now) > .milliseconds(200)) { break }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return String(decoding: received, as: UTF8.self)
        }
    }

    /// Whether the server has ended the exchange: closed its side, reset, or sent an answer (a 408).
    private func serverClosed() -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
        if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
        return true
    }

    /// Waits until the server closes, up to `limit`; returns how long after opening it did, or nil.
    func waitForClose(within limit: Duration) async -> Duration? {
        await trickle([], interval: .zero, linger: limit)
    }

    private func onThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
