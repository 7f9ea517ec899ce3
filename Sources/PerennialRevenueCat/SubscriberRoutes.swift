import Hummingbird
import PerennialHTTP
import PerennialServices

/// The customer's identity calls: `GET /v1/subscribers/{app_user_id}` (201 when the id was new: the SDKs'
/// anonymous ids and `logOut` rely on a first read creating the customer), `POST /v1/subscribers/identify`
/// (`logIn`: 201 when the new id was created) and `POST /v1/subscribers/{app_user_id}/alias` (Android).
struct SubscriberRoutes {
    let services: RevenueCatServices

    /// `{"app_user_id": <current>, "new_app_user_id": <new>}`.
    struct IdentifyBody: Decodable {
        var appUserID: String
        var newAppUserID: String

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", newAppUserID = "new_app_user_id"
        }
    }

    func add(to v1: RouterGroup<PerennialRequestContext>) {
        let answer = SubscriberAnswer(services: services)
        v1.get("subscribers/{app_user_id}") { request, context -> Response in
            let app = try context.requireApp()
            let (view, created) = try await services.identity.findOrCreate(app: app, appUserID: try SubscriberAnswer.appUserID(context))
            return try await answer.response(view, app: app, request: request, context: context, status: created ? .created : .ok)
        }
        v1.post("subscribers/identify") { request, context -> Response in
            let app = try context.requireApp()
            let body = try await request.decode(as: IdentifyBody.self, context: context)
            let result = try await services.identity.logIn(app: app, appUserID: body.appUserID, newAppUserID: body.newAppUserID)
            return try await answer.response(result.customer, app: app, request: request, context: context, status: result.created ? .created : .ok)
        }
        v1.post("subscribers/{app_user_id}/alias") { request, context -> Response in
            let app = try context.requireApp()
            let body = try await request.decode(as: IdentifyBody.self, context: context)
            let current = try SubscriberAnswer.appUserID(context)
            guard body.appUserID == current || body.appUserID.isEmpty else {
                throw PerennialError(.badRequest, "app_user_id in the body is not the one in the path")
            }
            _ = try await services.identity.logIn(app: app, appUserID: current, newAppUserID: body.newAppUserID)
            return RevenueCatAnswer.empty
        }
    }
}
