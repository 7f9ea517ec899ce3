import Foundation
import PerennialCore
@testable import PerennialStorage
import PerennialTesting
import Testing

/// `PlainJSONDecoder` reads stored states without `JSONDecoder`; whenever it answers, it must answer what
/// `JSONDecoder` answers, and it must answer for everything `JSONBody.encode` writes without escapes.
@Suite("Stored subscription states read directly")
struct StoredSubscriptionStateTests {
    @Test func readsEveryEncodedStateAsTheDecoderDoes() throws {
        var random = SplitMix64(state: 0x5AB_2026)
        for round in 0..<2_000 {
            let state = Self.state(&random)
            let text = try JSONBody.encode(state)
            #expect(try JSONDecoder().decode(SubscriptionState.self, from: Data(text.utf8)) == state)
            guard let direct = Self.direct(text) else {
                // Only strings the encoder escaped are left to the decoder.
                #expect(text.contains("\\"), "round \(round): \(text)")
                continue
            }
            #expect(direct == state, "round \(round): \(text)")
        }
    }

    /// Mutated bodies (bytes changed, cut, repeated, tokens inserted): the direct reader either gives up or
    /// agrees with `JSONDecoder`, including on bodies the decoder rejects.
    @Test func mutatedBodiesAgreeOrFallBack() throws {
        var random = SplitMix64(state: 0xB0D1_E5)
        let tokens = [
            "null", "\\\"", "\\u0041", " ", "\n", "1.5", "1e3", "-0", "007", "\"x\"", "{}", "[]", "true", "false",
            ",", ":", "\"status\":\"active\",", "\"renewalCount\":9223372036854775808,", "\"extra\":1,", "\u{1}", "é",
        ]
        var accepted = 0
        for _ in 0..<20_000 {
            let original = Array(try JSONBody.encode(Self.state(&random, texts: Self.plainTexts)).utf8)
            var bytes = original
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                Self.mutate(&bytes, tokens: tokens, random: &random)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let direct = Self.direct(text) else { continue }
            accepted += 1
            let reference = try? JSONDecoder().decode(SubscriptionState.self, from: Data(text.utf8))
            #expect(reference == direct, "\(text)")
        }
        // Some mutations (a changed digit or letter) keep the form; the test must have seen them.
        #expect(accepted > 500)
    }

    @Test func otherFormsAreLeftToTheDecoder() throws {
        var random = SplitMix64(state: 7)
        let state = Self.state(&random, texts: Self.plainTexts)
        let text = try JSONBody.encode(state)
        #expect(Self.direct(text) == state)
        // A repeated key is left to the decoder; an unknown one is ignored, as the decoder ignores it.
        let repeated = text.replacingOccurrences(of: "\"status\":", with: "\"status\":\"active\",\"status\":")
        #expect(Self.direct(repeated) == nil, "\(repeated)")
        let extended = String(text.dropLast()) + ",\"unknownKey\":{\"nested\":[1,true,null]}}"
        #expect(Self.direct(extended) == state, "\(extended)")
        // JSON's whitespace is read as the decoder reads it.
        for variant in [text.replacingOccurrences(of: ",", with: ", "), text + " \n"] {
            #expect(Self.direct(variant) == state, "\(variant)")
        }
        // The fallback still reads what the decoder reads.
        let spaced = text.replacingOccurrences(of: ",", with: ", ")
        #expect(try JSONBody.decode(SubscriptionState.self, from: spaced) == (try JSONBody.decode(SubscriptionState.self, from: text)))
    }

    static func direct(_ text: String) -> SubscriptionState? {
        PlainJSONDecoder.decode(SubscriptionState.self, from: text)
    }

    // MARK: Random states and mutations

    static func mutate(_ bytes: inout [UInt8], tokens: [String], random: inout SplitMix64) {
        guard !bytes.isEmpty else { return }
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: bytes[at] = UInt8.random(in: 0...0x7F, using: &random)
        case 1:
            // Another digit or letter of the same kind keeps the form.
            let byte = bytes[at]
            if (0x30...0x39).contains(byte) { bytes[at] = UInt8.random(in: 0x30...0x39, using: &random) }
            else if (0x61...0x7A).contains(byte) { bytes[at] = UInt8.random(in: 0x61...0x7A, using: &random) }
        case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...6, using: &random)))
        case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int.random(in: 1...12, using: &random))], at: at)
        default: bytes.insert(contentsOf: Array(tokens.randomElement(using: &random)!.utf8), at: at)
        }
    }

    /// Strings the encoder writes as they are.
    static let plainTexts = ["", "pro", "a/b", "émoji 🎉", "2000000000000000", "\u{7F}"]
    /// Those, and strings the encoder escapes.
    static let allTexts = plainTexts + ["quote\"d", "back\\slash", "tab\t", "\u{1}"]

    static func state(_ random: inout SplitMix64, texts: [String] = allTexts) -> SubscriptionState {
        RandomSubscriptionState.make(&random, text: { texts.randomElement(using: &$0)! }, instants: -10_000...4_102_444_800_000)
    }
}
