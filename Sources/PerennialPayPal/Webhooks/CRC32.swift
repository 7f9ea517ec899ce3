import CZlib
import Foundation

/// The CRC-32 (ISO-HDLC, zlib's) of some bytes, from zlib: what PayPal's webhook signature covers instead of
/// the body itself.
enum CRC32 {
    static func checksum(_ data: Data) -> UInt32 {
        var crc: UInt = CZlib.crc32(0, nil, 0)
        data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: Bytef.self).baseAddress else { return }
            var offset = 0
            // zlib takes lengths as `uInt` (32 bits); feed larger bodies in pieces.
            while offset < raw.count {
                let length = min(raw.count - offset, Int(UInt32.max))
                crc = CZlib.crc32(crc, base + offset, uInt(length))
                offset += length
            }
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}
