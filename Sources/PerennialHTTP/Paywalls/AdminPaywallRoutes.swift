import Foundation
import Hummingbird
import PerennialCore
import PerennialServices

/// The team's paywall routes under `/v1/admin` (the app's secret key): the paywall document and its
/// revisions, rollback, experiments and their results, and what a customer was shown.
struct AdminPaywallRoutes {
    struct Problems: ResponseEncodable {
        var valid: Bool
        var problems: [PaywallProblem]
    }

    struct RevisionList: ResponseEncodable {
        var revisions: [PaywallRevisionResponse]
    }

    let paywalls: PaywallService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("paywalls") { _, context -> PaywallRevisionResponse in
            let app = try context.requireSecretKey()
            guard let (revision, _) = try await paywalls.current(app: app) else {
                throw PerennialError(.paywallRevisionNotFound, "the app has no paywalls yet: PUT /v1/admin/paywalls saves the first revision")
            }
            let (record, document) = try await paywalls.revision(app: app, number: revision)
            return PaywallRevisionResponse(record, document: document)
        }
        group.put("paywalls") { request, context -> EditedResponse<PaywallRevisionResponse> in
            let app = try context.requireSecretKey()
            let base = try request.uri.queryParameters.get("base_revision").map { try Self.revisionNumber(String($0), inPath: false) }
            let body = try await Self.body(of: request)
            let record = try await paywalls.save(app: app, body: body, baseRevision: base, note: request.uri.queryParameters.get("note").map { String($0) })
            return EditedResponse(status: .created, response: PaywallRevisionResponse(record))
        }
        group.post("paywalls/check") { request, context -> Problems in
            let problems = try await paywalls.check(app: try context.requireSecretKey(), body: try await Self.body(of: request))
            return Problems(valid: problems.isEmpty, problems: problems)
        }
        group.get("paywalls/revisions") { request, context -> RevisionList in
            let app = try context.requireSecretKey()
            let before = try request.uri.queryParameters.get("before").map { try Self.revisionNumber(String($0), inPath: false) }
            let records = try await paywalls.revisions(app: app, before: before, limit: request.limit(default: 50, maximum: 500))
            return RevisionList(revisions: records.map { PaywallRevisionResponse($0) })
        }
        group.get("paywalls/revisions/{revision}") { _, context -> PaywallRevisionResponse in
            let app = try context.requireSecretKey()
            let (record, document) = try await paywalls.revision(app: app, number: try Self.revisionNumber(context.parameters.require("revision")))
            return PaywallRevisionResponse(record, document: document)
        }
        group.post("paywalls/revisions/{revision}/rollback") { _, context -> EditedResponse<PaywallRevisionResponse> in
            let app = try context.requireSecretKey()
            let record = try await paywalls.rollback(app: app, to: try Self.revisionNumber(context.parameters.require("revision")))
            return EditedResponse(status: .created, response: PaywallRevisionResponse(record))
        }
        for action in PaywallService.ExperimentAction.allCases {
            group.post("experiments/{experiment_id}/\(action.rawValue)") { _, context -> EditedResponse<PaywallRevisionResponse> in
                let app = try context.requireSecretKey()
                let record = try await paywalls.changeExperiment(app: app, id: try context.parameters.require("experiment_id"), action: action)
                return EditedResponse(status: .created, response: PaywallRevisionResponse(record))
            }
        }
        group.get("metrics/paywalls/funnel") { request, context -> PaywallFunnelResponse in
            let app = try context.requireSecretKey()
            let query = try MetricRequest(request)
            let placement = try request.uri.queryParameters.get("placement").map { text in
                guard PaywallDocumentValidator.isValidID(String(text)) else {
                    throw PerennialError(.invalidPaywallRequest, "placement: 1 to 64 letters, digits, '_', '-' or '.'")
                }
                return String(text)
            }
            return PaywallFunnelResponse(try await paywalls.funnel(app: app, placement: placement, from: query.from, through: query.to))
        }
        group.get("experiments/{experiment_id}/results") { _, context -> ExperimentResultsResponse in
            let app = try context.requireSecretKey()
            return ExperimentResultsResponse(try await paywalls.results(app: app, experimentID: try context.parameters.require("experiment_id")))
        }
    }

    /// A revision number from the path (not one: 404) or the query (not one: 400).
    static func revisionNumber(_ text: String, inPath: Bool = true) throws -> Int {
        guard text.utf8.count <= 16, text.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(text), number >= (inPath ? 1 : 0) else {
            throw PerennialError(inPath ? .paywallRevisionNotFound : .badRequest, "a revision is a positive whole number")
        }
        return number
    }

    /// The request's body, up to the largest document accepted.
    static func body(of request: Request) async throws -> Data {
        Data(buffer: try await request.body.collect(upTo: PaywallDocumentCodec.maximumBytes))
    }
}
