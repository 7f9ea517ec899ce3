import Foundation
import Hummingbird
import PerennialAppStore
import PerennialCore

/// Requests and answers of the simulated App Store Server API: the bearer token checked first (401 with
/// no body otherwise, as Apple), Apple's JSON out, `{"errorCode", "errorMessage"}` on failure.
enum ServerAPIHTTP {
    /// Apple's Content-Type, exactly: its libraries read an error's `errorCode` only under this header.
    static let contentType = "application/json"

    /// Authenticates the request, runs `body` for the app its token names, and encodes the answer.
    static func respond<Answer: Encodable>(
        _ request: Request, simulator: AppStoreSimulator, environment: StoreEnvironment?,
        _ body: (ServerAPIScope) async throws -> Answer
    ) async -> Response {
        await respondWith(request, simulator: simulator, environment: environment) { scope in
            ControlHTTP.json(try await body(scope), contentType: contentType)
        }
    }

    /// As `respond`, for an endpoint that answers `status` with no body.
    static func respondEmpty(
        _ request: Request, simulator: AppStoreSimulator, environment: StoreEnvironment?, status: HTTPResponse.Status,
        _ body: (ServerAPIScope) async throws -> Void
    ) async -> Response {
        await respondWith(request, simulator: simulator, environment: environment) { scope in
            try await body(scope)
            return Response(status: status)
        }
    }

    private static func respondWith(
        _ request: Request, simulator: AppStoreSimulator, environment: StoreEnvironment?,
        _ body: (ServerAPIScope) async throws -> Response
    ) async -> Response {
        let instants = [simulator.clock.now(), Instant(Date())]
        guard
            let app = ServerAPITokenVerifier.app(
                authorization: request.headers[.authorization], configuration: simulator.configuration, now: instants)
        else { return Response(status: .unauthorized) }
        switch await simulator.takeServerAPIFault(for: environment) {
        case .httpStatus(let status, _)?:
            return error(status == 429 ? .rateLimitExceeded : .internalRetryable(httpStatus: status))
        case .timeout(let seconds)?:
            await simulator.hold(seconds: seconds)
        case .status?, nil:
            break
        }
        do {
            return try await body(ServerAPIScope(app: app, environment: environment))
        } catch let failure as ServerAPIFailure {
            return error(failure)
        } catch {
            return Self.error(.badRequest("Invalid request."))
        }
    }

    static func error(_ failure: ServerAPIFailure) -> Response {
        guard let code = failure.errorCode else { return Response(status: HTTPResponse.Status(code: failure.httpStatus)) }
        let body = ServerAPIErrorBody(errorCode: .init(rawValue: code), errorMessage: failure.errorMessage)
        return ControlHTTP.json(body, status: HTTPResponse.Status(code: failure.httpStatus), contentType: contentType)
    }

    /// A JSON body of the request.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        guard let buffer = try? await request.body.collect(upTo: ControlHTTP.maximumBodySize),
            let value = try? JSONDecoder().decode(type, from: Data(buffer.readableBytesView))
        else { throw ServerAPIFailure.badRequest("Invalid request body.") }
        return value
    }

    /// Every query parameter, percent-decoded, repeated names kept.
    static func query(_ request: Request) -> [String: [String]] {
        var query: [String: [String]] = [:]
        for (name, value) in request.uri.queryParameters {
            let key = String(name).removingPercentEncoding ?? String(name)
            query[key, default: []].append(String(value).removingPercentEncoding ?? String(value))
        }
        return query
    }

    /// A path parameter, percent-decoded.
    static func parameter<Context: RequestContext>(_ name: String, _ context: Context) throws -> String {
        guard let raw = context.parameters.get(name), let value = raw.removingPercentEncoding else {
            throw ServerAPIFailure.badRequest("Missing \(name).")
        }
        return value
    }
}
