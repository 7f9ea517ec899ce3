import Foundation
import Synchronization

/// The last few JWS headers decoded, by their exact base64url text. Every JWS the App Store signs with one
/// certificate chain carries the same header (`alg` and the three `x5c` certificates, about 3 KB), so the
/// header is decoded once per chain instead of once per JWS. Content-addressed: the same bytes always decode
/// to the same header, so a hit changes nothing but the cost; the signature and chain are still checked.
enum JWSHeaderCache {
    private struct Entry: Sendable {
        var segment: [UInt8]
        var header: JWSHeader
    }

    /// How many headers are kept (one per signing chain in use; Apple rotates them rarely).
    static let capacity = 8

    private static let entries = Mutex<[Entry]>([])

    /// The header decoded from `segment` before, if it is still kept.
    static func header(for segment: ArraySlice<UInt8>) -> JWSHeader? {
        entries.withLock { entries in
            for entry in entries where entry.segment.count == segment.count {
                let equal = entry.segment.withUnsafeBytes { kept in
                    segment.withUnsafeBytes { given in
                        guard let kept = kept.baseAddress, let given = given.baseAddress else { return true }
                        return memcmp(kept, given, segment.count) == 0
                    }
                }
                if equal { return entry.header }
            }
            return nil
        }
    }

    /// Keeps `header` as the decoding of `segment`, replacing the oldest entry when full.
    static func store(_ header: JWSHeader, for segment: ArraySlice<UInt8>) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeFirst() }
            entries.append(Entry(segment: Array(segment), header: header))
        }
    }
}
