import Foundation
import Hummingbird

/// Google's JSON in and out for the simulated Play APIs: errors in Google's shape
/// (`{"error": {"code", "message", "status", "errors"}}`, the token endpoint's `{"error", "error_description"}`).
enum PlayHTTP {
    /// Runs `body` and answers its JSON, or Google's error.
    static func respond(_ body: () async throws -> Any) async -> Response {
        do {
            return json(try await body(), status: .ok)
        } catch let error as PlaySimulatorError {
            if error.status == "invalid_grant" {
                return json(["error": "invalid_grant", "error_description": error.message], status: .badRequest)
            }
            return json(error.body, status: HTTPResponse.Status(code: error.httpStatus))
        } catch let error as SimulatorError {
            return json(PlaySimulatorError.invalid(error.message).body, status: .badRequest)
        } catch {
            return json(PlaySimulatorError.invalid("the request could not be read").body, status: .badRequest)
        }
    }

    /// The answer of a fault in force, if one is (a timeout fault holds the request, then lets it through).
    static func fault(_ play: PlaySimulator) async -> Response? {
        switch await play.takeFault() {
        case .httpStatus(let status, .html)?:
            return Response(
                status: HTTPResponse.Status(code: status), headers: [.contentType: "text/html; charset=UTF-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "<html><body><h1>Error \(status)</h1></body></html>"))
            )
        case .httpStatus(let status, .empty)?:
            return json(PlaySimulatorError.outage(status).body, status: HTTPResponse.Status(code: status))
        case .timeout(let seconds)?:
            await play.hold(seconds: seconds)
            return nil
        case .status?, nil:
            return nil
        }
    }

    /// A Developer API call: faults first, then the bearer token checked, the package this simulator's.
    static func api<Context: RequestContext>(
        _ request: Request, _ context: Context, _ play: PlaySimulator, _ body: () async throws -> Any
    ) async -> Response {
        if let faulted = await fault(play) { return faulted }
        return await respond {
            try await play.authorize(request.headers[.authorization])
            guard try parameter("package", context) == play.packageName else {
                throw PlaySimulatorError.notFound("No application was found for the given package name.")
            }
            return try await body()
        }
    }

    /// `object` as JSON (`Data` is sent as it is: JSON already).
    static func json(_ object: Any, status: HTTPResponse.Status) -> Response {
        let data = object as? Data
            ?? (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=UTF-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    static func parameter<Context: RequestContext>(_ name: String, _ context: Context) throws -> String {
        guard let raw = context.parameters.get(name), let value = raw.removingPercentEncoding, !value.isEmpty else {
            throw PlaySimulatorError.invalid("missing \(name)")
        }
        return value
    }

    /// An int64 of Google's JSON: a string of digits (as Google writes them) or a number.
    static func int64(_ value: Any?) -> Int64? {
        switch value {
        case let text as String: Int64(text)
        case let number as NSNumber: number.int64Value
        default: nil
        }
    }

    /// `token:method` (Google's custom methods) split at the last colon.
    static func customMethod(_ segment: String) throws -> (token: String, method: String) {
        guard let colon = segment.lastIndex(of: ":") else { throw PlaySimulatorError.notFound("no method") }
        return (String(segment[..<colon]), String(segment[segment.index(after: colon)...]))
    }

    /// An `application/x-www-form-urlencoded` body.
    static func form(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }
}
