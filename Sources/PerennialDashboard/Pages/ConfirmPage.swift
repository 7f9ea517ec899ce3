import Hummingbird

/// The page every change asks first with: what it will do, and the form that does it (the same fields with
/// `confirmed=yes`, the session's CSRF token) beside a way back.
struct ConfirmPage: Sendable {
    struct Field: Sendable {
        var name: String
        var value: String
    }

    var chrome: Chrome
    var heading: String
    var summary: String
    var action: String
    var csrf: String
    var fields: [Field]
    var button: String
    var cancel: String
    var formID: String

    /// The page, its form posting `fields` and `confirmed=yes` to `action`.
    static func response(
        chrome: Chrome, csrf: String, heading: String, summary: String, action: String, fields: [Field] = [], button: String,
        cancel: String, formID: String
    ) -> Response {
        DashboardPage.render("confirm", ConfirmPage(
            chrome: chrome, heading: heading, summary: summary, action: action, csrf: csrf,
            fields: fields + [Field(name: "confirmed", value: "yes")], button: button, cancel: cancel, formID: formID))
    }
}
