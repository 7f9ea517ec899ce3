import Hummingbird
import PerennialCore

extension SimulatorServer {
    static func addAccountRoutes<Context: RequestContext>(to router: Router<Context>, simulator: AppStoreSimulator) {
        router.post("/simulator/purchases") { request, _ -> Response in
            let body = try await ControlHTTP.decode(PurchaseRequest.self, from: request)
            let result = try await simulator.purchase(
                account: body.account, bundleID: body.bundleID, productID: body.productID,
                environment: try environment(body.environment, default: .sandbox) ?? .sandbox, offer: body.offer ?? .none,
                appAccountToken: body.appAccountToken, promotionalOffer: body.promotionalOffer)
            return ControlHTTP.json(result, status: .created)
        }
        router.get("/simulator/accounts/:account") { request, context -> Response in
            let account = try ControlHTTP.parameter("account", context)
            let report = await simulator.report(
                account: account, bundleID: ControlHTTP.query("bundle_id", request),
                environment: try environment(ControlHTTP.query("environment", request)))
            return ControlHTTP.json(report)
        }
        router.get("/simulator/accounts/:account/receipt") { request, context -> Response in
            let account = try ControlHTTP.parameter("account", context)
            let environment = try environment(ControlHTTP.query("environment", request))
            let report = await simulator.report(
                account: account, bundleID: ControlHTTP.query("bundle_id", request), environment: environment)
            guard let receipt = report.receipts.first else {
                throw SimulatorError.notFound("unknown_account", "\(account) has no matching receipt")
            }
            guard report.receipts.count == 1 else {
                throw SimulatorError.invalidRequest("\(account) has several receipts: pass bundle_id and environment")
            }
            let verified = await simulator.verifyReceipt(
                receiptData: receipt.receiptData,
                password: simulator.configuration.app(receipt.bundleID)?.sharedSecret,
                endpoint: receipt.environment == "production" ? .production : .sandbox)
            return ControlHTTP.json(ReceiptResponse(receiptData: receipt.receiptData, verifyReceipt: verified))
        }
        router.get("/simulator/events") { _, _ -> Response in
            ControlHTTP.json(["events": await simulator.events()])
        }
        router.get("/simulator/clock") { _, _ -> Response in
            let now = await simulator.now()
            return ControlHTTP.json(
                ClockResponse(now: now, timeScale: simulator.configuration.timeScale, rate: simulator.clock.rate))
        }
        router.post("/simulator/clock/advance") { request, _ -> Response in
            let body = try await ControlHTTP.decode(AdvanceClockRequest.self, from: request)
            let now = try await simulator.advanceClock(seconds: body.seconds)
            return ControlHTTP.json(
                ClockResponse(now: now, timeScale: simulator.configuration.timeScale, rate: simulator.clock.rate))
        }
        router.post("/simulator/products/availability") { request, _ -> Response in
            let body = try await ControlHTTP.decode(ProductAvailabilityRequest.self, from: request)
            try await simulator.setProductAvailability(
                bundleID: body.bundleID, productID: body.productID, available: body.available)
            return ControlHTTP.json(["bundle_id": body.bundleID, "product_id": body.productID, "available": "\(body.available)"])
        }
    }
}
