import Crypto
import Foundation
import NIOCore

/// Weak entity tags (RFC 9110 §8.8.3) for responses whose meaning does not change with the instant they
/// were written (a customer's `request_date`): the tag covers every other byte of the body.
enum EntityTag {
    /// `W/"<32 hex digits>"`: the first 128 bits of the SHA-256 of `buffer`'s readable bytes, leaving out
    /// those at `excluded` (offsets from the first readable byte).
    static func weak(of buffer: ByteBuffer, excluding excluded: Range<Int>) -> String {
        var hasher = SHA256()
        buffer.withUnsafeReadableBytes { bytes in
            let lower = min(max(excluded.lowerBound, 0), bytes.count)
            let upper = min(max(excluded.upperBound, lower), bytes.count)
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[0..<lower]))
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[upper..<bytes.count]))
        }
        var tag: [UInt8] = Array("W/\"".utf8)
        tag.reserveCapacity(35)
        for byte in hasher.finalize().prefix(16) {
            tag.append(hexDigits[Int(byte >> 4)])
            tag.append(hexDigits[Int(byte & 0x0f)])
        }
        tag.append(UInt8(ascii: "\""))
        return String(decoding: tag, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Whether an `If-None-Match` header names `tag` (weak comparison: `W/` is ignored on both sides) or is
    /// `*`. A malformed header matches nothing.
    static func matches(_ header: String, _ tag: String) -> Bool {
        let wanted = opaque(tag)
        for candidate in header.split(separator: ",") {
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            if trimmed == "*" || opaque(trimmed) == wanted { return true }
        }
        return false
    }

    private static func opaque(_ tag: String) -> Substring {
        let text = Substring(tag)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }
}
