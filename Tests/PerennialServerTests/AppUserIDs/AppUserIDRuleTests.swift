import PerennialServices
import Testing

/// The one rule for app user ids: 1 to 256 code points, no control characters or line breaks, not only
/// white space; everything else kept exactly as sent.
@Suite("App user id rule")
struct AppUserIDRuleTests {
    static let accepted: [String] = [
        "alice", "with space", "caf\u{e9}", "cafe\u{301}", "emoji \u{1F389}", "family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        "a/b", "100%", "a+b", "what?", "#1", " leading", "trailing ", "\u{5BA2}\u{6237}",
        String(repeating: "\u{e9}", count: 256), String(repeating: "\u{1F389}", count: 256),
        "$RCAnonymousID:0123456789abcdef",
    ]

    static let refused: [(id: String, why: String)] = [
        ("", "empty"), (" ", "white space"), ("\u{3000}\u{a0} ", "white space"),
        ("\t", "control"), ("a\nb", "control"), ("a\rb", "control"), ("nul\u{0}", "control"), ("del\u{7f}", "control"),
        ("c1\u{85}", "control"), ("line\u{2028}", "control"), ("para\u{2029}", "control"),
        (String(repeating: "\u{e9}", count: 257), "at most"), (String(repeating: "a", count: 257), "at most"),
    ]

    /// ASCII is judged without looking up Unicode properties: each of its characters, alone, beside a letter
    /// and beside a space, is judged as the properties would judge it.
    @Test func asciiIsJudgedAsItsPropertiesSay() {
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            let isControl = scalar.properties.generalCategory == .control
            let isWhiteSpace = scalar.properties.isWhitespace
            for id in [String(scalar), "a\(scalar)", " \(scalar)"] {
                let refusal = (try? AppUserIDRule.validated(id)) == nil
                let onlyWhiteSpace = id.unicodeScalars.allSatisfy(\.properties.isWhitespace)
                #expect(refusal == (isControl || onlyWhiteSpace), "\(value) in \(id.debugDescription)")
            }
            if !isControl { #expect(isWhiteSpace == (value == 0x20), "\(value): the space is ASCII's only printable white space") }
        }
    }

    @Test("accepted ids come back unchanged", arguments: accepted)
    func accepts(_ id: String) throws {
        #expect(try AppUserIDRule.validated(id) == id)
    }

    @Test("refused ids get 400 invalid_app_user_id saying why", arguments: refused)
    func refuses(_ id: String, why: String) {
        do {
            try AppUserIDRule.validated(id)
            Issue.record("accepted \(id.debugDescription)")
        } catch let error as PerennialError {
            #expect(error.code == "invalid_app_user_id")
            #expect(error.kind == .badRequest)
            #expect(error.message.contains(why == "control" ? "control" : why), "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The limit counts characters, not bytes: 256 two-byte characters are 512 bytes and still one id.
    @Test func theLimitCountsCharactersNotBytes() throws {
        let id = String(repeating: "\u{e9}", count: 256)
        #expect(id.utf8.count == 512)
        #expect(try AppUserIDRule.validated(id) == id)
    }
}
