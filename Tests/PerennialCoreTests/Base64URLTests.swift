import Foundation
import PerennialCore
import PerennialTesting
import Testing

/// Base64url encoding: standard base64 with `-` and `_` for `+` and `/`, no padding, and back.
@Suite("Base64url")
struct Base64URLTests {
    @Test("every length from 0 to 70 bytes encodes as RFC 4648 §5 says and decodes back")
    func roundTrips() {
        var generator = SplitMix64(state: 0xB64)
        for length in 0...70 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let expected = bytes.base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == expected)
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        #expect(Base64URL.encode(Data([0xFB, 0xFF, 0xBF])) == "-_-_")
    }
}
