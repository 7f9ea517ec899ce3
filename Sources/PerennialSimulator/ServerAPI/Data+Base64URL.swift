import Foundation

extension Data {
    /// Decodes strict base64url without padding; nil for anything else.
    init?(base64URLEncoded text: Substring) {
        guard !text.contains("="), !text.contains("+"), !text.contains("/") else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        self.init(base64Encoded: standard)
    }
}
