import Hummingbird
import PerennialServices

/// One identity per person, for the app (either key):
/// - `POST /v1/customers/{app_user_id}/login {"new_app_user_id"}`: logs the id in (an anonymous id merges
///   into the identified customer and stays an alias of it); 200 `{"customer": …, "created", "merged"}`;
/// - `POST /v1/customers/{app_user_id}/logout`: 200 `{"app_user_id": "$anonymous:…"}`, the id to use next;
/// - `PUT /v1/customers/{app_user_id}/attributes {"attributes": {name: value or null}}`: sets (null removes)
///   the named attributes, keeps the others; 204.
struct IdentityRoutes {
    struct LoginBody: Decodable {
        var newAppUserID: String

        enum CodingKeys: String, CodingKey {
            case newAppUserID = "new_app_user_id"
        }
    }

    struct LoginResponse: ResponseEncodable {
        var customer: CustomerResponse
        var created: Bool
        var merged: Bool
    }

    struct LogoutResponse: ResponseEncodable {
        var appUserID: String

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id"
        }
    }

    struct AttributesBody: Decodable {
        var attributes: [String: String?]
    }

    let identity: IdentityService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.post("customers/{app_user_id}/login") { request, context -> LoginResponse in
            let app = try context.requireApp()
            let appUserID = try context.appUserIDParameter()
            let body = try await request.decode(as: LoginBody.self, context: context)
            let result = try await identity.logIn(app: app, appUserID: appUserID, newAppUserID: body.newAppUserID)
            return LoginResponse(customer: CustomerResponse(result.customer), created: result.created, merged: result.merged)
        }
        group.post("customers/{app_user_id}/logout") { _, context -> LogoutResponse in
            let app = try context.requireApp()
            return LogoutResponse(appUserID: try identity.logOut(app: app, appUserID: try context.appUserIDParameter()))
        }
        group.put("customers/{app_user_id}/attributes") { request, context -> Response in
            let app = try context.requireApp()
            let appUserID = try context.appUserIDParameter()
            let body = try await request.decode(as: AttributesBody.self, context: context)
            _ = try await identity.updateAttributes(app: app, appUserID: appUserID, body.attributes)
            return Response(status: .noContent)
        }
    }
}
