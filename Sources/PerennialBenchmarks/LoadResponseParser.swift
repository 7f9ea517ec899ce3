import NIOCore

/// Reads HTTP/1.1 responses off a keep-alive connection and keeps only what the load generator needs: each
/// response's status code. The status line and `Content-Length` are parsed; every other header and the body
/// are skipped. A response without `Content-Length` (chunked, or delimited by closing the connection) is
/// refused: the stack always sends one.
struct LoadResponseParser {
    /// A response the parser cannot read.
    struct Failure: Error, CustomStringConvertible {
        /// What was wrong with it.
        var description: String
    }

    /// The largest head (status line and headers) accepted.
    static let maximumHeadBytes = 16 * 1024

    /// The bytes of a head not yet complete.
    private var head = ByteBuffer()
    /// Bytes of the current body still to skip; nil while a head is being read.
    private var bodyRemaining: Int?
    private var status = 0

    /// Consumes bytes from `bytes` until one response is complete, and returns its status; nil when `bytes`
    /// ran out first (the rest of the response is in a later read). Bytes after a complete response are left
    /// in `bytes`.
    mutating func next(from bytes: inout ByteBuffer) throws(Failure) -> Int? {
        while bytes.readableBytes > 0 {
            if let remaining = bodyRemaining {
                let skipped = min(remaining, bytes.readableBytes)
                bytes.moveReaderIndex(forwardBy: skipped)
                bodyRemaining = remaining - skipped
                if remaining == skipped {
                    bodyRemaining = nil
                    return status
                }
                continue
            }
            let searchFrom = max(head.readableBytes - 3, 0)
            head.writeBuffer(&bytes)
            guard let end = Self.endOfHead(in: head, from: searchFrom) else {
                guard head.readableBytes <= Self.maximumHeadBytes else { throw Failure(description: "head too large") }
                return nil
            }
            let parsed = head.withUnsafeReadableBytes { Self.parseHead(UnsafeRawBufferPointer(rebasing: $0[..<end])) }
            guard let parsed else { throw Failure(description: "malformed response head") }
            guard let length = parsed.contentLength else { throw Failure(description: "no Content-Length") }
            // What followed the head belongs to the body (or to nothing, if the server misbehaves).
            head.moveReaderIndex(forwardBy: end + 4)
            bytes = head
            head = ByteBuffer()
            status = parsed.status
            guard length > 0 else { return status }
            bodyRemaining = length
        }
        return nil
    }

    /// The offset of the blank line (`\r\n\r\n`) that ends the head, searching from `start`.
    private static func endOfHead(in buffer: ByteBuffer, from start: Int) -> Int? {
        buffer.withUnsafeReadableBytes { raw -> Int? in
            guard raw.count >= 4 else { return nil }
            var index = start
            while index + 3 < raw.count {
                if raw[index] == 13, raw[index + 1] == 10, raw[index + 2] == 13, raw[index + 3] == 10 { return index }
                index += 1
            }
            return nil
        }
    }

    /// The status code and `Content-Length` of a head (without its final blank line); nil if malformed.
    private static func parseHead(_ head: UnsafeRawBufferPointer) -> (status: Int, contentLength: Int?)? {
        // "HTTP/1.1 200 OK"
        guard head.count >= 12, head[0] == UInt8(ascii: "H"), head[8] == UInt8(ascii: " ") else { return nil }
        var status = 0
        for index in 9..<12 {
            let digit = Int(head[index]) - Int(UInt8(ascii: "0"))
            guard (0...9).contains(digit) else { return nil }
            status = status * 10 + digit
        }
        var contentLength: Int?
        var lineStart = 0
        while lineStart < head.count {
            var lineEnd = lineStart
            while lineEnd < head.count, head[lineEnd] != 13 { lineEnd += 1 }
            if lineStart > 0, let length = contentLengthValue(UnsafeRawBufferPointer(rebasing: head[lineStart..<lineEnd])) {
                guard length >= 0 else { return nil }
                contentLength = length
            }
            lineStart = lineEnd + 2
        }
        return (status, contentLength)
    }

    private static let contentLengthName = Array("content-length:".utf8)

    /// The value of a `Content-Length` header line (-1 if it is not a number); nil for any other header.
    private static func contentLengthValue(_ line: UnsafeRawBufferPointer) -> Int? {
        let name = contentLengthName
        guard line.count > name.count else { return nil }
        for index in 0..<name.count where line[index] | 0x20 != name[index] { return nil }
        var value = 0
        var digits = 0
        for byte in line[name.count...] {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                guard digits == 0 else { break }
                continue
            }
            let digit = Int(byte) - Int(UInt8(ascii: "0"))
            guard (0...9).contains(digit), digits < 15 else { return -1 }
            value = value * 10 + digit
            digits += 1
        }
        return digits > 0 ? value : -1
    }
}
