extension ErrorCode {
    // The dashboard's codes (sign-in, sessions, roles). Its pages answer them as HTML, never the JSON API, so
    // they are not among the API's codes (`storeNeutral`, README's table); README's Dashboard section says each.

    public static let signInRequired = ErrorCode("sign_in_required", .unauthorized, "The dashboard page needs a signed-in person: the session is missing, ended or revoked.")
    public static let signInFailed = ErrorCode("sign_in_failed", .unauthorized, "The email or the password is wrong (the answer does not say which).")
    public static let signInThrottled = ErrorCode("sign_in_throttled", .tooManyRequests, "Too many failed sign-ins for this account or from this address lately: wait and try again.")
    public static let csrfTokenInvalid = ErrorCode("csrf_token_invalid", .forbidden, "A dashboard form came without the token of the session's page (a request forged by another site, or a page older than the session); nothing was done.")
    public static let roleNotAllowed = ErrorCode("role_not_allowed", .forbidden, "The signed-in person's role, or their apps, do not include this page or action.")
    public static let dashboardUserExists = ErrorCode("dashboard_user_exists", .conflict, "A dashboard user with this email exists already.")
    public static let invalidSupportAction = ErrorCode("invalid_support_action", .badRequest, "A store's support action on a subscription was asked with a value it does not take, or for a subscription it does not apply to (the message names it).")
    public static let invalidDashboardUser = ErrorCode("invalid_dashboard_user", .badRequest, "A dashboard user's email, name, role, apps or password is not valid (the message names it).")
}
