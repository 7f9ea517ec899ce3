/// What an app user id may be, the same on every route that takes one (in a body or in a path): 1 to 256
/// characters, counted as Unicode code points rather than bytes, with no control characters and no line or
/// paragraph separators, and not only white space. Anything else is printable and kept exactly as sent: an
/// id is compared byte for byte, never trimmed or normalised.
public enum AppUserIDRule {
    /// The most code points an id may have.
    public static let maximumLength = 256

    /// The id, unchanged, when it follows the rule; else 400 `invalid_app_user_id` saying why.
    @discardableResult
    public static func validated(_ appUserID: String) throws -> String {
        if let problem = problem(with: appUserID) {
            throw PerennialError(.invalidAppUserID, "app_user_id \(problem)")
        }
        return appUserID
    }

    private static let controlProblem = "must not contain control characters or line breaks"

    /// Why an id breaks the rule, or nil when it follows it.
    public static func problem(with appUserID: String) -> String? {
        var count = 0
        var onlyWhiteSpace = true
        for scalar in appUserID.unicodeScalars {
            count += 1
            if count > maximumLength { return "must be at most \(maximumLength) characters" }
            if scalar.isASCII {
                // What the properties below say of ASCII, without looking them up: C0 and DEL are the
                // control characters, and the space is the only other white space.
                if scalar.value < 0x20 || scalar.value == 0x7F { return controlProblem }
                if scalar.value != 0x20 { onlyWhiteSpace = false }
                continue
            }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .surrogate:
                return controlProblem
            default:
                break
            }
            if !scalar.properties.isWhitespace { onlyWhiteSpace = false }
        }
        if count == 0 { return "must not be empty" }
        if onlyWhiteSpace { return "must not be only white space" }
        return nil
    }
}
