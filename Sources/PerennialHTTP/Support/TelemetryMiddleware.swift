import Hummingbird
import PerennialServices

/// Counts and times every request in the telemetry by its route's template (`/v1/customers/{app_user_id}`,
/// never the path, which holds ids), method and status; a request no route matched is `unmatched`, a method
/// outside HTTP's usual ones `other`. Placed outside the error envelopes, it sees the status the client got.
public struct TelemetryMiddleware<Context: RequestContext>: RouterMiddleware {
    let telemetry: Telemetry

    public init(telemetry: Telemetry) {
        self.telemetry = telemetry
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context: context, status: response.status.code, since: started)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(request, context: context, status: status, since: started)
            throw error
        }
    }

    private func record(_ request: Request, context: Context, status: Int, since started: ContinuousClock.Instant) {
        telemetry.request(
            route: context.endpointPath ?? "unmatched", method: Self.label(request.method),
            status: status, duration: ContinuousClock.now - started)
    }

    /// The method's name when it is one of HTTP's usual ones; a client can send any token.
    private static func label(_ method: HTTPRequest.Method) -> String {
        switch method {
        case .get, .head, .post, .put, .patch, .delete, .options: method.rawValue
        default: "other"
        }
    }
}
