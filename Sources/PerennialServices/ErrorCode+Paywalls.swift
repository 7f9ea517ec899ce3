extension ErrorCode {
    /// The paywall and experiment codes, in the README table's order.
    public static let paywalls: [ErrorCode] = [
        .invalidPaywallDocument, .paywallRevisionConflict, .paywallRevisionNotFound, .placementNotFound, .experimentNotFound,
        .invalidExperimentTransition, .invalidPaywallRequest, .invalidPaywallEvent,
    ]

    public static let invalidPaywallDocument = ErrorCode("invalid_paywall_document", .unprocessable, "The paywall document is not valid: the message names every field at fault (unknown products, missing translations, unknown variables, an offer the product lacks …); nothing was saved.")
    public static let paywallRevisionConflict = ErrorCode("paywall_revision_conflict", .conflict, "Another revision was saved since the one this change was based on (`base_revision`): read the newest and apply the change to it.")
    public static let paywallRevisionNotFound = ErrorCode("paywall_revision_not_found", .notFound, "The app has no paywall revision with this number.")
    public static let placementNotFound = ErrorCode("placement_not_found", .notFound, "The app's current paywall document has no such placement.")
    public static let experimentNotFound = ErrorCode("experiment_not_found", .notFound, "The app's current paywall document has no such experiment.")
    public static let invalidExperimentTransition = ErrorCode("invalid_experiment_transition", .conflict, "The experiment cannot go to that status from its own (a stopped experiment stays stopped; one placement runs one experiment at a time).")
    public static let invalidPaywallRequest = ErrorCode("invalid_paywall_request", .badRequest, "A paywall request's parameter is not valid (`placement`, `platform`, `device`, `app_version`, `country`, `locale`).")
    public static let invalidPaywallEvent = ErrorCode("invalid_paywall_event", .badRequest, "A paywall event is not valid: its type, placement, id or instant.")
}
