import HTTPTypes
import Hummingbird
import PerennialHTTP
import PerennialServices

/// The subscriber object answered for a customer's view: with an ETag, and with the customer's attributes
/// when the app's secret key asked (RevenueCat shows them only then).
struct SubscriberAnswer {
    let services: RevenueCatServices

    func response(
        _ view: CustomerView, app: AppSettings, request: Request, context: PerennialRequestContext,
        status: HTTPResponse.Status = .ok, extra: [(String, RevenueCatJSON)] = []
    ) async throws -> Response {
        let attributes = context.authenticated?.role == .secret
            ? try await services.identity.profile(app: app, appUserID: view.appUserID)?.attributes ?? CustomerAttributes()
            : nil
        let rendering = RevenueCatSubscriber(app: app, view: view, platform: RevenueCatPlatform(header: request.headers[Self.platformHeader]))
        let subscriber = rendering.subscriber(attributes: attributes)
        let body = RevenueCatJSON.object([
            ("request_date", .string(RevenueCatDate.text(view.requestedAt))),
            ("request_date_ms", .int(view.requestedAt.milliseconds)),
            ("subscriber", subscriber),
        ] + extra)
        return RevenueCatAnswer.tagged(body, content: .array([subscriber] + extra.map(\.1)), status: status, at: view.requestedAt, request: request)
    }

    static let platformHeader = HTTPField.Name("X-Platform")!

    /// The `{app_user_id}` of the path, checked as every app user id is.
    static func appUserID(_ context: PerennialRequestContext) throws -> String {
        try AppUserIDRule.validated(context.parameters.require("app_user_id"))
    }
}
