import Hummingbird

extension SimulatorServer {
    static func addNotificationRoutes<Context: RequestContext>(to router: Router<Context>, simulator: AppStoreSimulator) {
        router.get("/simulator/root-certificate") { request, _ -> Response in
            let authority = simulator.signingAuthority
            if ControlHTTP.query("format", request)?.lowercased() == "pem" {
                return Response(
                    status: .ok, headers: [.contentType: "application/x-pem-file"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: authority.rootCertificatePEM)))
            }
            return Response(
                status: .ok, headers: [.contentType: "application/pkix-cert"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: authority.rootCertificateDER)))
        }
        router.get("/simulator/notifications") { _, _ -> Response in
            ControlHTTP.json(["notifications": await simulator.notifications()])
        }
        router.post("/simulator/notifications/flush") { _, _ -> Response in
            await simulator.deliverDueNotifications()
            return ControlHTTP.json(["notifications": await simulator.notifications()])
        }
    }
}
