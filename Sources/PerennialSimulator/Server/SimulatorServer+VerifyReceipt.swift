import Foundation
import Hummingbird
import PerennialCore

extension SimulatorServer {
    static func addVerifyReceiptRoutes<Context: RequestContext>(to router: Router<Context>, simulator: AppStoreSimulator) {
        let endpoints: [(String, StoreEnvironment)] = [
            ("/production/verifyReceipt", .production), ("/sandbox/verifyReceipt", .sandbox),
            ("/verifyReceipt", .production),
        ]
        let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch]
        for (path, environment) in endpoints {
            for method in methods {
                router.on(RouterPath(path), method: method) { request, _ -> Response in
                    let body = (try? await request.body.collect(upTo: ControlHTTP.maximumBodySize)).map {
                        Data($0.readableBytesView)
                    }
                    let reply = await simulator.handleVerifyReceipt(
                        isPost: request.method == .post, endpoint: environment, body: body ?? Data())
                    return response(for: reply)
                }
            }
        }
    }

    static func response(for reply: VerifyReceiptReply) -> Response {
        switch reply {
        case .response(let body):
            return ControlHTTP.json(body)
        case .httpFailure(let status, .empty):
            return Response(status: HTTPResponse.Status(code: status))
        case .httpFailure(let status, .html):
            let code = HTTPResponse.Status(code: status)
            let page = "<html><head><title>\(status) \(code.reasonPhrase)</title></head><body><h1>\(status) \(code.reasonPhrase)</h1></body></html>"
            return Response(
                status: code, headers: [.contentType: "text/html; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
        }
    }
}
