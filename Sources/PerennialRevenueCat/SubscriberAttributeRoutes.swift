import Hummingbird
import PerennialHTTP
import PerennialServices

/// `POST /v1/subscribers/{app_user_id}/attributes` (`{"attributes": {name: {"value", "updated_at_ms"}}}`,
/// a null or empty value removing the attribute), and the attribution calls the SDKs still make, which
/// Perennial accepts and ignores (`attribution`, `adservices_attribution`).
///
/// Attributes are checked one by one: the valid ones are saved, and the others are answered as RevenueCat
/// answers them, 400 with code 7263 and `attribute_errors` naming each; the SDKs count the attributes
/// synced on any answer but a 5xx or a 404, and log the errors.
struct SubscriberAttributeRoutes {
    let services: RevenueCatServices

    struct Body: Decodable {
        var attributes: [String: RevenueCatAttributes.Sent]
    }

    /// At most this many attributes in one call.
    static let maximumCount = 200

    func add(to v1: RouterGroup<PerennialRequestContext>) {
        v1.post("subscribers/{app_user_id}/attributes") { request, context -> Response in
            let app = try context.requireApp()
            let appUserID = try SubscriberAnswer.appUserID(context)
            let body = try await request.decode(as: Body.self, context: context)
            guard body.attributes.count <= Self.maximumCount else {
                throw PerennialError(.invalidAttributes, "at most \(Self.maximumCount) attributes in one call")
            }
            let refused = try await Self.apply(body.attributes, app: app, appUserID: appUserID, identity: services.identity)
            guard refused.isEmpty else { return RevenueCatAnswer.response(Self.errors(refused), status: .badRequest) }
            return RevenueCatAnswer.empty
        }
        for path in ["subscribers/{app_user_id}/attribution", "subscribers/{app_user_id}/adservices_attribution"] {
            v1.post(RouterPath(path)) { _, context -> Response in
                _ = try context.requireApp()
                _ = try SubscriberAnswer.appUserID(context)
                return RevenueCatAnswer.empty
            }
        }
    }

    /// Saves the valid attributes; returns the refused ones. An update that breaks a rule as a whole (too
    /// many attributes) refuses every attribute it set.
    static func apply(
        _ sent: [String: RevenueCatAttributes.Sent], app: AppSettings, appUserID: String, identity: IdentityService
    ) async throws -> [RevenueCatAttributes.Refusal] {
        var (update, refused) = RevenueCatAttributes.update(from: sent)
        guard !update.isEmpty else { return refused }
        do {
            _ = try await identity.updateAttributes(app: app, appUserID: appUserID, update)
        } catch let error as PerennialError where error.errorCode == .invalidAttributes {
            refused += update.keys.sorted().map { RevenueCatAttributes.Refusal(name: RevenueCatAttributes.revenueCatName(of: $0), message: error.message) }
        }
        return refused
    }

    /// RevenueCat's body for refused attributes.
    static func errors(_ refused: [RevenueCatAttributes.Refusal]) -> RevenueCatJSON {
        .object([
            ("code", .int(7263)),
            ("message", .string("Some subscriber attributes keys were unable to be saved.")),
            ("attribute_errors", .array(refused.map { .object([("key_name", .string($0.name)), ("message", .string($0.message))]) })),
            ("error", .object([("code", .string("invalid_attributes")), ("message", .string("some attributes were not saved"))])),
        ])
    }
}
