import Foundation
import PerennialAppStore
@testable import PerennialAppStoreAdapter
import PerennialCore
import PerennialServices
import Testing

/// `SignedDataVerifiers.claimedEnvironment` picks the verifier from the unverified payload: where the
/// environment sits in each kind of payload, and nothing for what is not a compact JWS.
@Suite("Claimed environment of signed data")
struct ClaimedEnvironmentTests {
    static func jws(payload: String, header: String = "{\"alg\":\"ES256\"}") -> String {
        Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(Data(payload.utf8)) + ".c2ln"
    }

    @Test(arguments: [
        ("{\"environment\":\"Sandbox\"}", AppleEnvironment.sandbox),
        ("{\"data\":{\"environment\":\"Production\"}}", .production),
        ("{\"summary\":{\"environment\":\"Sandbox\"}}", .sandbox),
        ("{\"appData\":{\"environment\":\"Sandbox\"}}", .sandbox),
        ("{\"externalPurchaseToken\":{\"environment\":\"Sandbox\"}}", .sandbox),
    ])
    func readsTheEnvironmentWhereEachPayloadKeepsIt(payload: String, expected: AppleEnvironment) {
        #expect(SignedDataVerifiers.claimedEnvironment(of: Self.jws(payload: payload)) == expected)
    }

    @Test func aHeaderOfManyCharactersIsNoProblem() {
        let header = "{\"x5c\":[\"" + String(repeating: "é👍🏽a", count: 500) + "\"]}"
        #expect(SignedDataVerifiers.claimedEnvironment(of: Self.jws(payload: "{\"environment\":\"Sandbox\"}", header: header)) == .sandbox)
    }

    @Test func whatIsNotACompactJWSClaimsNothing() {
        let payload = Base64URL.encode(Data("{\"environment\":\"Sandbox\"}".utf8))
        for text in [
            "", ".", "..", payload, "a.\(payload)", "a.\(payload).b.c", "a..\(payload)", "a.\(payload)=.b",
            "a.\(payload)!.b", "a.\(Base64URL.encode(Data("[1]".utf8))).b", "a.\(Base64URL.encode(Data("{}".utf8))).b",
        ] {
            #expect(SignedDataVerifiers.claimedEnvironment(of: text) == nil, "\(text)")
        }
        #expect(SignedDataVerifiers.claimedEnvironment(of: "a.\(payload).b") == .sandbox)
    }
}
