import Hummingbird

/// Turns every failure under `/simulator` (unknown routes included) into `{"error": {"code", "message"}}`.
struct SimulatorErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.uri.path.hasPrefix("/simulator") else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch let error as SimulatorError {
            return ControlHTTP.error(error)
        } catch let error as PromotionalOfferError {
            return ControlHTTP.error(error.simulatorError)
        } catch let error as HTTPError {
            let code = error.status == .notFound ? "not_found" : "http_\(error.status.code)"
            let message =
                error.status == .notFound
                ? "no route for \(request.method.rawValue) \(request.uri.path)" : (error.body ?? error.status.reasonPhrase)
            return ControlHTTP.error(SimulatorError(code: code, message: message, httpStatus: error.status.code))
        } catch {
            return ControlHTTP.error(SimulatorError(code: "internal_error", message: "unexpected failure", httpStatus: 500))
        }
    }
}
