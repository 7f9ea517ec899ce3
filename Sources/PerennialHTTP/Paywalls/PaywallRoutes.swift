import Foundation
import Hummingbird
import PerennialCore
import PerennialServices

/// What apps call with their public key: `GET /v1/customers/{app_user_id}/paywall` (the paywall to show at
/// a placement, 204 when none) and `POST /v1/customers/{app_user_id}/paywall-events`.
struct PaywallRoutes {
    struct EventBody: Decodable {
        var id: String
        var type: String
        var placement: String
        var paywallID: String?
        var packageID: String?
        var occurredAtMilliseconds: Int64?

        enum CodingKeys: String, CodingKey {
            case id, type, placement
            case paywallID = "paywall_id", packageID = "package_id", occurredAtMilliseconds = "occurred_at_ms"
        }
    }

    struct EventAnswer: ResponseEncodable {
        var id: String
        var recorded: Bool
    }

    let paywalls: PaywallService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("customers/{app_user_id}/paywall") { request, context -> Response in
            let app = try context.requireApp()
            let answer = try await paywalls.paywall(
                app: app, appUserID: try context.appUserIDParameter(), request: try PaywallRequest(query: request))
            guard case .show(let paywall) = answer.decision else {
                return Response(status: .noContent, headers: [.cacheControl: "no-store"])
            }
            var response = try PaywallResponse(paywall, appUserID: answer.appUserID, signedOffer: answer.signedOffer)
                .response(from: request, context: context)
            response.headers[.cacheControl] = "no-store"
            return response
        }
        group.post("customers/{app_user_id}/paywall-events") { request, context -> EventAnswer in
            let app = try context.requireApp()
            let body = try await request.decode(as: EventBody.self, context: context)
            let recorded = try await paywalls.record(
                .init(
                    id: body.id, type: body.type, placement: body.placement, paywallID: body.paywallID, packageID: body.packageID,
                    occurredAt: body.occurredAtMilliseconds.map(Instant.init(milliseconds:))),
                app: app, appUserID: try context.appUserIDParameter())
            return EventAnswer(id: body.id, recorded: recorded)
        }
    }
}
