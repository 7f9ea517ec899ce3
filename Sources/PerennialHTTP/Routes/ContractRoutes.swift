import Hummingbird
import NIOCore

/// `GET /openapi.yaml`: the API's contract (`openapi.yaml` at the repository's root, compiled in by
/// `OpenAPIDocumentPlugin` as `OpenAPIDocument.yaml`), for anyone: generating a client needs no key.
struct ContractRoutes {
    /// The document's bytes, made once.
    private let body: ByteBuffer
    /// Its entity tag: it changes only with the build.
    private let entityTag: String

    init() {
        body = ByteBuffer(string: OpenAPIDocument.yaml)
        entityTag = EntityTag.weak(of: body, excluding: 0..<0)
    }

    func add(to router: Router<PerennialRequestContext>) {
        router.get("openapi.yaml") { [body, entityTag] request, _ -> Response in
            if let sent = request.headers[.ifNoneMatch], EntityTag.matches(sent, entityTag) {
                return Response(status: .notModified, headers: [.eTag: entityTag])
            }
            return Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8", .eTag: entityTag],
                body: ResponseBody(byteBuffer: body))
        }
    }
}
