import Hummingbird

/// Saves the simulator's state to its folder after every request that may have changed it (anything but
/// GET and HEAD), before the answer goes out: a purchase the caller saw survives a restart.
struct SimulatorSavingMiddleware<Context: RequestContext>: RouterMiddleware {
    let folder: SimulatorStateFolder
    let simulator: AppStoreSimulator

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method != .get, request.method != .head else { return try await next(request, context) }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            await folder.saveOrLog(simulator, logger: context.logger)
            throw error
        }
        await folder.saveOrLog(simulator, logger: context.logger)
        return response
    }
}
