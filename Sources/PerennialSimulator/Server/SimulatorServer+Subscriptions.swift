import Hummingbird

extension SimulatorServer {
    static func addSubscriptionRoutes<Context: RequestContext>(to router: Router<Context>, simulator: AppStoreSimulator) {
        let base = "/simulator/subscriptions/:id"
        router.get(RouterPath(base)) { _, context -> Response in
            ControlHTTP.json(try await simulator.subscription(originalTransactionID: ControlHTTP.parameter("id", context)))
        }
        router.post(RouterPath(base + "/auto-renew")) { request, context -> Response in
            let body = try await ControlHTTP.decode(AutoRenewRequest.self, from: request)
            let id = try ControlHTTP.parameter("id", context)
            return ControlHTTP.json(try await simulator.setAutoRenew(originalTransactionID: id, enabled: body.enabled))
        }
        router.post(RouterPath(base + "/billing")) { request, context -> Response in
            let body = try await ControlHTTP.decode(BillingRequest.self, from: request)
            let id = try ControlHTTP.parameter("id", context)
            return ControlHTTP.json(try await simulator.setBillingFailing(originalTransactionID: id, failing: body.failing))
        }
        router.post(RouterPath(base + "/refund")) { request, context -> Response in
            let body = try await ControlHTTP.decode(RefundRequest.self, from: request)
            let id = try ControlHTTP.parameter("id", context)
            let event = try await simulator.refund(
                originalTransactionID: id, transactionID: body.transactionID, reason: body.reason ?? "0")
            return ControlHTTP.json(event)
        }
        router.post(RouterPath(base + "/change-product")) { request, context -> Response in
            let body = try await ControlHTTP.decode(ChangeProductRequest.self, from: request)
            let id = try ControlHTTP.parameter("id", context)
            return ControlHTTP.json(try await simulator.changeProduct(originalTransactionID: id, to: body.productID))
        }
        router.post(RouterPath(base + "/price-increase")) { request, context -> Response in
            let body = try await ControlHTTP.decode(PriceIncreaseRequest.self, from: request)
            let id = try ControlHTTP.parameter("id", context)
            return ControlHTTP.json(try await simulator.priceIncrease(originalTransactionID: id, action: body.action))
        }
        router.post(RouterPath(base + "/family")) { request, context -> Response in
            let body = try await ControlHTTP.decode(FamilyShareRequest.self, from: request)
            let id = try ControlHTTP.parameter("id", context)
            return ControlHTTP.json(
                try await simulator.shareWithFamily(originalTransactionID: id, member: body.member), status: .created)
        }
        router.delete(RouterPath(base + "/family/:member")) { _, context -> Response in
            let id = try ControlHTTP.parameter("id", context)
            let member = try ControlHTTP.parameter("member", context)
            return ControlHTTP.json(try await simulator.stopSharing(originalTransactionID: id, member: member))
        }
    }
}
