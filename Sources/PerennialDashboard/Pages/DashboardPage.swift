import Hummingbird
import Mustache

/// Renders a dashboard page: a template of `DashboardTemplates` with its context, as HTML that is never
/// cached (each page shows one person's data).
enum DashboardPage {
    static func render(_ template: String, _ context: Any, status: HTTPResponse.Status = .ok) -> Response {
        // Templates are literals registered at start: a missing one is a programming error the tests catch.
        let html = DashboardTemplates.library.render(context, withTemplate: template) ?? "<!doctype html><title>Perennial</title>"
        return Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// A redirect after a form (303, so the browser follows with GET).
    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}
