import Foundation
@testable import PerennialHTTP
import PerennialCore
import PerennialServices
import PerennialTesting
import Testing

/// `CustomerResponse` writes its JSON directly (`JSONOutput`) and formats instants without Foundation; both
/// must give exactly the bytes the response encoder gives, and dates exact to the millisecond.
@Suite("Customer response JSON")
struct CustomerResponseJSONTests {
    /// The options of `PerennialRequestContext.responseEncoder`.
    static func referenceEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Foundation's text for the whole second, with the exact milliseconds.
    static func reference(_ milliseconds: Int64) -> String {
        let second = Int64((Double(milliseconds) / 1000).rounded(.down))
        let text = Date(timeIntervalSince1970: Double(second))
            .formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        #expect(text.hasSuffix(".000Z"))
        let fraction = String(milliseconds - second * 1000)
        return text.dropLast(4) + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
    }

    @Test func instantsReadAsFoundationFormatsTheirSecondWithExactMilliseconds() {
        var random = SplitMix64(state: 0x1508_2026)
        var instants: [Int64] = [
            0, 1, 999, 1_000, 951_782_400_000, 978_307_199_999, 978_307_200_000, 1_766_335_070_560,
            253_402_300_799_999, 253_402_300_800_000, -1, -62_135_596_800_000,
        ]
        for _ in 0..<20_000 { instants.append(Int64.random(in: 0...4_102_444_800_000, using: &random)) }
        for _ in 0..<5_000 { instants.append(Int64.random(in: -62_135_596_800_000...300_000_000_000_000, using: &random)) }
        for milliseconds in instants {
            let instant = Instant(milliseconds: milliseconds)
            #expect(instant.iso8601 == Self.reference(milliseconds), "\(milliseconds)")
        }
        #expect(Instant(milliseconds: 1_766_335_070_560).iso8601 == "2025-12-21T16:37:50.560Z")
        #expect(Instant(milliseconds: -1).iso8601 == "1969-12-31T23:59:59.999Z")
    }

    @Test func bodyIsWhatTheEncoderWrites() throws {
        var random = SplitMix64(state: 0xC057_0E4D)
        let encoder = Self.referenceEncoder()
        for round in 0..<400 {
            let response = CustomerResponse(Self.view(&random))
            var output = JSONOutput(capacity: 64)
            response.write(to: &output)
            let direct = Data(output.buffer.readableBytesView)
            let reference = try encoder.encode(response)
            #expect(direct == reference, "round \(round): \(String(decoding: direct, as: UTF8.self))")
        }
    }

    // MARK: Random views

    static let awkward: [String] = [
        "", "pro", "a/b", "quote\"d", "back\\slash", "tab\there", "line\nbreak", "\r\u{8}\u{C}", "\u{0}\u{1}\u{1F}\u{7F}",
        "émoji 🎉", "日本語", "\u{2028}\u{2029}", "</script>",
    ]

    static func text(_ random: inout SplitMix64) -> String {
        if Bool.random(using: &random) { return awkward.randomElement(using: &random)! }
        let scalars = (0..<Int.random(in: 0...12, using: &random)).map { _ in
            Character(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &random)))
        }
        return String(scalars)
    }

    static func maybe<Value>(_ random: inout SplitMix64, _ make: (inout SplitMix64) -> Value) -> Value? {
        RandomSubscriptionState.maybe(&random, make)
    }

    static func instant(_ random: inout SplitMix64) -> Instant {
        Instant(milliseconds: Int64.random(in: 0...4_102_444_800_000, using: &random))
    }

    static func state(_ random: inout SplitMix64) -> SubscriptionState {
        RandomSubscriptionState.make(&random, text: text, instants: 0...4_102_444_800_000)
    }

    static func entitlement(_ random: inout SplitMix64) -> Entitlement {
        Entitlement(
            identifier: text(&random), productID: text(&random),
            subscription: SubscriptionKey(store: [Store.appStore, .playStore, .stripe].randomElement(using: &random)!, id: text(&random)),
            expiresAt: maybe(&random, instant), willRenew: Bool.random(using: &random),
            periodType: [.trial, .intro, .normal].randomElement(using: &random)!, isInGracePeriod: Bool.random(using: &random),
            billingIssueDetectedAt: maybe(&random, instant), ownership: Bool.random(using: &random) ? .purchased : .familyShared,
            environment: StoreEnvironment.allCases.randomElement(using: &random)!
        )
    }

    static func view(_ random: inout SplitMix64) -> CustomerView {
        var view = CustomerView(
            appID: "app", appUserID: text(&random), firstSeenAt: instant(&random), requestedAt: instant(&random),
            entitlements: (0..<Int.random(in: 0...3, using: &random)).map { _ in entitlement(&random) },
            subscriptions: (0..<Int.random(in: 0...4, using: &random)).map { _ in state(&random) }
        )
        for state in view.subscriptions where Bool.random(using: &random) {
            view.managementURLs[state.key] = "https://example.com/manage?sku=" + text(&random)
        }
        return view
    }
}
