import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// Records every change made through the dashboard in the audit log under the person's name, before the
/// change runs (no entry, no change: 503 `audit_unavailable`), with its status once it ran.
struct DashboardAudit: Sendable {
    /// What deployment-wide changes (people) are recorded under, in place of an app.
    static let deploymentScope = "*"

    let log: any AuditLog
    let clock: any Clock

    func change(
        by signedIn: SignedIn, appID: String?, _ request: Request, _ body: () async throws -> Response
    ) async throws -> Response {
        let entry = AuditEntry(
            occurredAt: clock.now(), appID: appID ?? Self.deploymentScope, keyRole: "person", keyFingerprint: signedIn.user.id,
            method: request.method.rawValue, path: request.uri.path, actor: signedIn.actor)
        let id: Int64
        do {
            id = try await log.record(entry)
        } catch {
            throw PerennialError(.auditUnavailable, "the audit log cannot record this change; nothing was done")
        }
        do {
            let response = try await body()
            try? await log.complete(id: id, status: Int(response.status.code))
            return response
        } catch {
            try? await log.complete(id: id, status: Int(ErrorEnvelope(error).status.code))
            throw error
        }
    }
}
