import Hummingbird
import Logging
import PerennialCore
import PerennialServices

/// Records every authenticated request to the admin API in the `AuditLog`: when, which app, which of its keys
/// (role and fingerprint, never the key), method, path with query (never the body) and the status answered.
///
/// Mutating requests (anything but GET, HEAD, OPTIONS) fail closed: the entry is written before the route
/// runs, and when that write fails the request is refused with 503 `audit_unavailable` and nothing is done;
/// the status is filled in afterwards (if that update fails, the entry stays without a status and the
/// failure is logged). Reads fail open: the entry is written after the answer, and a failed write is logged,
/// since a read changes nothing. Requests without a valid key name no app and are not recorded.
public struct AuditMiddleware: RouterMiddleware {
    public typealias Context = PerennialRequestContext

    let log: any AuditLog
    let clock: any Clock

    public init(log: any AuditLog, clock: any Clock) {
        self.log = log
        self.clock = clock
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let (app, role) = context.authenticated else { return try await next(request, context) }
        let key = role == .secret ? app.secretAPIKey : app.publicAPIKey
        var entry = AuditEntry(
            occurredAt: clock.now(), appID: app.id, keyRole: role.rawValue, keyFingerprint: AuditEntry.fingerprint(ofKey: key),
            method: request.method.rawValue, path: request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        )
        if [.get, .head, .options].contains(request.method) {
            let outcome = await Self.run(request, context: context, next: next)
            entry.status = outcome.status
            do {
                try await log.record(entry)
            } catch {
                context.logger.warning("audit entry not recorded", metadata: ["error_type": "\(type(of: error))"])
            }
            return try outcome.result.get()
        }
        let id: Int64
        do {
            id = try await log.record(entry)
        } catch {
            context.logger.error("audit log unavailable; admin change refused", metadata: ["error_type": "\(type(of: error))"])
            throw PerennialError(.auditUnavailable, "the audit log cannot record this change; nothing was done")
        }
        let outcome = await Self.run(request, context: context, next: next)
        do {
            try await log.complete(id: id, status: outcome.status)
        } catch {
            context.logger.warning("audit entry status not recorded", metadata: ["error_type": "\(type(of: error))"])
        }
        return try outcome.result.get()
    }

    /// Runs the route, keeping its answer or error and the status it amounts to.
    private static func run(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async -> (result: Result<Response, any Error>, status: Int) {
        do {
            let response = try await next(request, context)
            return (.success(response), Int(response.status.code))
        } catch {
            return (.failure(error), Int(ErrorEnvelope(error).status.code))
        }
    }
}
