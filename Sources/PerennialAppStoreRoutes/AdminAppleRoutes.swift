import Hummingbird
import PerennialAppStore
import PerennialAppStoreAdapter
import PerennialHTTP
import PerennialServices

/// The team's App Store tools under `/v1/admin/apple`, secret key only. Request and response bodies use
/// Apple's own field names.
struct AdminAppleRoutes {
    let admin: AppStoreAdminService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("orders/{order_id}") { _, context -> OrderLookupAnswer in
            let app = try context.requireSecretKey()
            let found = try await admin.lookUpOrder(try context.parameters.require("order_id"), app: app)
            return OrderLookupAnswer(status: found.status, transactions: found.transactions)
        }
        group.post("subscriptions/{original_transaction_id}/extend") { request, context -> AppleAnswer<ExtendRenewalDateResponse> in
            let app = try context.requireSecretKey()
            let body = try await request.decode(as: ExtendRenewalDateRequest.self, context: context)
            return AppleAnswer(try await admin.extendRenewal(
                originalTransactionID: try context.parameters.require("original_transaction_id"), body, app: app
            ))
        }
        group.post("extensions") { request, context -> AppleAnswer<MassExtendRenewalDateResponse> in
            let app = try context.requireSecretKey()
            return AppleAnswer(try await admin.extendAllRenewals(
                try await request.decode(as: MassExtendRenewalDateRequest.self, context: context), app: app
            ))
        }
        group.get("extensions/{product_id}/{request_identifier}") { _, context -> AppleAnswer<MassExtendRenewalDateStatusResponse> in
            let app = try context.requireSecretKey()
            return AppleAnswer(try await admin.extensionStatus(
                productID: try context.parameters.require("product_id"),
                requestIdentifier: try context.parameters.require("request_identifier"), app: app
            ))
        }
        group.put("transactions/{transaction_id}/consumption") { request, context -> HTTPResponse.Status in
            let app = try context.requireSecretKey()
            try await admin.sendConsumption(
                transactionID: try context.parameters.require("transaction_id"),
                try await request.decode(as: ConsumptionRequest.self, context: context), app: app
            )
            return .accepted
        }
        group.post("notifications/test") { _, context -> AppleAnswer<SendTestNotificationResponse> in
            AppleAnswer(try await admin.requestTestNotification(app: try context.requireSecretKey()))
        }
    }
}

/// Apple's answer, passed through.
struct AppleAnswer<Body: Encodable & Sendable>: ResponseEncodable {
    let body: Body

    init(_ body: Body) { self.body = body }

    func encode(to encoder: any Encoder) throws { try body.encode(to: encoder) }
}

/// The transactions of an order, verified.
struct OrderLookupAnswer: ResponseEncodable {
    /// Apple's `status`: 0 valid, 1 invalid order id.
    var status: Int?
    var transactions: [JWSTransactionDecodedPayload]
}
