import Hummingbird

extension SimulatorServer {
    static func addFaultRoutes<Context: RequestContext>(to router: Router<Context>, simulator: AppStoreSimulator) {
        router.get("/simulator/faults") { _, _ -> Response in
            ControlHTTP.json(["faults": await simulator.faults()])
        }
        router.post("/simulator/faults") { request, _ -> Response in
            let body = try await ControlHTTP.decode(FaultRequest.self, from: request)
            let scope = body.environment.flatMap { $0.lowercased() == "all" ? nil : $0 }
            let fault = try await simulator.addFault(
                body.kind, environment: try environment(scope), scope: body.scope, seconds: body.seconds, requests: body.requests)
            return ControlHTTP.json(fault, status: .created)
        }
        router.delete("/simulator/faults") { _, _ -> Response in
            await simulator.removeAllFaults()
            return ControlHTTP.json(["faults": await simulator.faults()])
        }
        router.delete("/simulator/faults/:id") { _, context -> Response in
            guard let id = Int(try ControlHTTP.parameter("id", context)) else {
                throw SimulatorError.invalidRequest("fault id must be a number")
            }
            try await simulator.removeFault(id: id)
            return ControlHTTP.json(["faults": await simulator.faults()])
        }
    }
}
