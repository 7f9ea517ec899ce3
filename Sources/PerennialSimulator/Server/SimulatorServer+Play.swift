import Foundation
import Hummingbird

extension SimulatorServer {
    /// Google Play's side: `POST /token` (the OAuth JWT-bearer grant), `GET /oauth2/v3/certs` and
    /// `/oauth2/v1/certs` (the push token keys, as a JWK Set and as certificates), the Developer API at
    /// Google's paths (`/androidpublisher/v3/applications/{package}/purchases/subscriptionsv2/tokens/{token}`
    /// and its `:cancel`, `:revoke`, `:defer`; the v1 `…/subscriptions/{product}/tokens/{token}` and its
    /// `:acknowledge`, `:cancel`, `:defer`; `…/products/{product}/tokens/{token}` and its `:acknowledge`,
    /// `:consume`; `…/voidedpurchases` (`type=1` for subscriptions too);
    /// `/androidpublisher/v3/applications/{package}/orders/{orderId}` and `…/orders:batchGet?orderIds=…&orderIds=…`,
    /// what each subscription charge cost; `…/subscriptions` and `…/subscriptions/{product}/basePlans/
    /// {basePlan}/offers`, the catalog), each needing a token the grant issued; and the control API
    /// `POST /simulator/google/purchases` (also upgrades and downgrades, with `linked_purchase_token`),
    /// `POST /simulator/google/products` (a one-time product),
    /// `POST /simulator/google/purchases/{token}/billing`, `…/cancel`, `…/pause`, `…/resume`, `…/refund`,
    /// `…/resubscribe` (from the Play Store, after expiry),
    /// `GET /simulator/google/key-file`, and Google's outages at `/simulator/google/faults` (GET, POST, DELETE).
    static func addPlayRoutes<Context: RequestContext>(to router: Router<Context>, play: PlaySimulator) {
        router.post("token") { request, _ -> Response in
            if let faulted = await PlayHTTP.fault(play) { return faulted }
            return await PlayHTTP.respond {
                let form = PlayHTTP.form(String(decoding: try await ControlHTTP.body(of: request), as: UTF8.self))
                guard form["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer", let assertion = form["assertion"] else {
                    throw PlaySimulator.grantError("grant_type must be the JWT-bearer grant, with an assertion")
                }
                let tokenURI = "http://\(request.head.authority ?? "127.0.0.1")/token"
                let (token, expiresIn) = try await play.exchange(assertion: assertion, tokenURI: tokenURI)
                return ["access_token": token, "expires_in": expiresIn, "token_type": "Bearer"]
            }
        }
        router.get("oauth2/v3/certs") { _, _ -> Response in
            await PlayHTTP.respond { try await play.pushKeys() }
        }
        router.get("oauth2/v1/certs") { _, _ -> Response in
            await PlayHTTP.respond { try await play.pushCertificates() }
        }
        let api = router.group("androidpublisher/v3/applications/:package/purchases")
        api.get("subscriptionsv2/tokens/:token") { request, context -> Response in
            await PlayHTTP.api(request, context, play) { try await play.subscription(token: try PlayHTTP.parameter("token", context)) }
        }
        api.post("subscriptionsv2/tokens/:token") { request, context -> Response in
            await PlayHTTP.api(request, context, play) {
                let (token, method) = try PlayHTTP.customMethod(try PlayHTTP.parameter("token", context))
                switch method {
                case "cancel":
                    try await play.cancel(token: token)
                    return [String: Any]()
                case "revoke":
                    try await play.revoke(token: token)
                    return [String: Any]()
                case "defer":
                    let body = try JSONSerialization.jsonObject(with: try await ControlHTTP.body(of: request)) as? [String: Any]
                    let deferral = body?["deferralContext"] as? [String: Any]
                    guard let etag = deferral?["etag"] as? String, let duration = deferral?["deferDuration"] as? String,
                          duration.hasSuffix("s"), let seconds = Double(duration.dropLast())
                    else { throw PlaySimulatorError.invalid("deferralContext needs an etag and a deferDuration") }
                    let expiry = try await play.deferRenewal(token: token, etag: etag, seconds: Int64(seconds))
                    return ["itemExpiryTimeDetails": [["expiryTime": expiry]]]
                default:
                    throw PlaySimulatorError.notFound("no method \(method)")
                }
            }
        }
        api.get("subscriptions/:product/tokens/:token") { request, context -> Response in
            await PlayHTTP.api(request, context, play) {
                try await play.subscriptionV1(productID: try PlayHTTP.parameter("product", context), token: try PlayHTTP.parameter("token", context))
            }
        }
        api.post("subscriptions/:product/tokens/:token") { request, context -> Response in
            await PlayHTTP.api(request, context, play) {
                let (token, method) = try PlayHTTP.customMethod(try PlayHTTP.parameter("token", context))
                let product = try PlayHTTP.parameter("product", context)
                switch method {
                case "acknowledge":
                    try await play.acknowledge(productID: product, token: token)
                case "cancel":
                    try await play.cancelV1(productID: product, token: token)
                case "defer":
                    let body = try JSONSerialization.jsonObject(with: try await ControlHTTP.body(of: request)) as? [String: Any]
                    let deferral = body?["deferralInfo"] as? [String: Any]
                    guard let expected = PlayHTTP.int64(deferral?["expectedExpiryTimeMillis"]),
                          let desired = PlayHTTP.int64(deferral?["desiredExpiryTimeMillis"])
                    else { throw PlaySimulatorError.invalid("deferralInfo needs expectedExpiryTimeMillis and desiredExpiryTimeMillis") }
                    let expiry = try await play.deferV1(productID: product, token: token, expected: expected, desired: desired)
                    return ["newExpiryTimeMillis": "\(expiry)"]
                default:
                    throw PlaySimulatorError.notFound("no method \(method)")
                }
                return [String: Any]()
            }
        }
        api.get("products/:product/tokens/:token") { request, context -> Response in
            await PlayHTTP.api(request, context, play) {
                try await play.productPurchase(productID: try PlayHTTP.parameter("product", context), token: try PlayHTTP.parameter("token", context))
            }
        }
        api.post("products/:product/tokens/:token") { request, context -> Response in
            await PlayHTTP.api(request, context, play) {
                let (token, method) = try PlayHTTP.customMethod(try PlayHTTP.parameter("token", context))
                let product = try PlayHTTP.parameter("product", context)
                switch method {
                case "acknowledge": try await play.acknowledgeProduct(productID: product, token: token)
                case "consume": try await play.consumeProduct(productID: product, token: token)
                default: throw PlaySimulatorError.notFound("no method \(method)")
                }
                return [String: Any]()
            }
        }
        api.get("voidedpurchases") { request, context -> Response in
            await PlayHTTP.api(request, context, play) {
                let start = request.uri.queryParameters.get("startTime").flatMap { Int64($0) } ?? 0
                guard let type = request.uri.queryParameters.get("type").map({ Int($0) }) ?? 0 else {
                    throw PlaySimulatorError.invalid("type must be 0 or 1")
                }
                return try await play.voidedPurchases(since: start, type: type)
            }
        }
        let application = router.group("androidpublisher/v3/applications/:package")
        application.get("orders/:orderId") { request, context -> Response in
            await PlayHTTP.api(request, context, play) { try await play.order(id: try PlayHTTP.parameter("orderId", context)) }
        }
        // One path segment, `orders:batchGet`: a literal, apart from `orders/:orderId` (two segments).
        application.get("orders:batchGet") { request, context -> Response in
            await PlayHTTP.api(request, context, play) { try await play.orders(ids: request.uri.queryParameters.getAll("orderIds")) }
        }
        let monetization = router.group("androidpublisher/v3/applications/:package/subscriptions")
        monetization.get { request, context -> Response in
            await PlayHTTP.api(request, context, play) { try await play.catalogSubscriptions() }
        }
        monetization.get(":product/basePlans/:basePlan/offers") { request, context -> Response in
            await PlayHTTP.api(request, context, play) {
                try await play.catalogOffers(
                    productID: try PlayHTTP.parameter("product", context), basePlanID: try PlayHTTP.parameter("basePlan", context)
                )
            }
        }
        addPlayControlRoutes(to: router, play: play)
    }

    private static func addPlayControlRoutes<Context: RequestContext>(to router: Router<Context>, play: PlaySimulator) {
        router.post("simulator/google/purchases") { request, _ -> Response in
            await PlayHTTP.respond {
                let body = try await ControlHTTP.decode(PlayPurchaseRequest.self, from: request)
                let token = try await play.purchase(
                    productID: body.product_id, obfuscatedAccountID: body.obfuscated_account_id, freeTrial: body.free_trial ?? false,
                    introductoryPrice: body.introductory_price ?? false, linkedPurchaseToken: body.linked_purchase_token
                )
                return ["purchase_token": token, "package_name": play.packageName, "order_id": try await play.orderID(token: token)]
            }
        }
        router.post("simulator/google/products") { request, _ -> Response in
            await PlayHTTP.respond {
                let body = try await ControlHTTP.decode(PlayPurchaseRequest.self, from: request)
                let token = try await play.buyProduct(productID: body.product_id, obfuscatedAccountID: body.obfuscated_account_id)
                return ["purchase_token": token, "package_name": play.packageName]
            }
        }
        // The purchase as the Developer API's subscriptionsv2.get answers it, without its OAuth: what a test compares
        // Perennial's copy with.
        router.get("simulator/google/purchases/:token") { _, context -> Response in
            await PlayHTTP.respond {
                try JSONSerialization.jsonObject(with: try await play.subscription(token: try PlayHTTP.parameter("token", context)))
            }
        }
        router.post("simulator/google/purchases/:token/billing") { request, context -> Response in
            await PlayHTTP.respond {
                let body = try await ControlHTTP.decode(PlayBillingRequest.self, from: request)
                try await play.setBillingFails(token: try PlayHTTP.parameter("token", context), body.fails)
                return [String: Any]()
            }
        }
        router.post("simulator/google/purchases/:token/cancel") { _, context -> Response in
            await PlayHTTP.respond {
                try await play.cancelByUser(token: try PlayHTTP.parameter("token", context))
                return [String: Any]()
            }
        }
        router.post("simulator/google/purchases/:token/pause") { request, context -> Response in
            await PlayHTTP.respond {
                let body = try await ControlHTTP.decode(PlayPauseRequest.self, from: request)
                try await play.schedulePause(token: try PlayHTTP.parameter("token", context), minutes: body.minutes)
                return [String: Any]()
            }
        }
        router.post("simulator/google/purchases/:token/resume") { _, context -> Response in
            await PlayHTTP.respond {
                try await play.resume(token: try PlayHTTP.parameter("token", context))
                return [String: Any]()
            }
        }
        router.post("simulator/google/purchases/:token/resubscribe") { _, context -> Response in
            await PlayHTTP.respond {
                let token = try await play.resubscribeFromPlayStore(expiredToken: try PlayHTTP.parameter("token", context))
                return ["purchase_token": token, "package_name": play.packageName]
            }
        }
        router.post("simulator/google/purchases/:token/refund") { _, context -> Response in
            await PlayHTTP.respond {
                try await play.refund(token: try PlayHTTP.parameter("token", context))
                return [String: Any]()
            }
        }
        addPlayFaultRoutes(to: router, play: play)
        router.get("simulator/google/key-file") { request, _ -> Response in
            await PlayHTTP.respond {
                let data = try await play.keyFile(tokenURI: "http://\(request.head.authority ?? "127.0.0.1")/token")
                return try JSONSerialization.jsonObject(with: data)
            }
        }
    }

    private static func addPlayFaultRoutes<Context: RequestContext>(to router: Router<Context>, play: PlaySimulator) {
        router.get("simulator/google/faults") { _, _ -> Response in
            ControlHTTP.json(["faults": await play.faults()])
        }
        router.post("simulator/google/faults") { request, _ -> Response in
            let body = try await ControlHTTP.decode(FaultRequest.self, from: request)
            do {
                return ControlHTTP.json(try await play.addFault(body.kind, seconds: body.seconds, requests: body.requests), status: .created)
            } catch let error as PlaySimulatorError {
                throw SimulatorError.invalidRequest(error.message)
            }
        }
        router.delete("simulator/google/faults") { _, _ -> Response in
            await play.removeAllFaults()
            return ControlHTTP.json(["faults": await play.faults()])
        }
    }
}
