import Hummingbird
import PerennialCore
import PerennialServices

/// The app's queued work, for operators: `GET /v1/admin/jobs?state=buried&limit=` lists jobs (the buried
/// ones are the dead letters: work that kept failing or that the store refused), oldest first;
/// `POST /v1/admin/jobs/{id}/retry` puts a buried job back in the queue, due now, with its attempts reset.
/// Payloads (receipts, signed transactions) are never shown.
struct AdminJobRoutes {
    let jobs: any JobQueue
    let clock: any Clock

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("jobs") { request, context -> JobListResponse in
            let app = try context.requireSecretKey()
            let limit = request.limit()
            var state: Job.State?
            if let text = request.uri.queryParameters.get("state") {
                guard let value = Job.State(rawValue: String(text)) else {
                    throw PerennialError(.invalidState, "state must be waiting, held, leased or buried")
                }
                state = value
            }
            let jobs = try await jobs.jobs(appID: app.id, state: state, limit: limit)
            return JobListResponse(jobs: jobs.map(JobListResponse.Item.init))
        }
        group.post("jobs/{id}/retry") { _, context -> JobListResponse.Item in
            let app = try context.requireSecretKey()
            guard let id = context.parameters.get("id", as: Int64.self) else {
                throw PerennialError(.invalidJobID, "the job id must be a number")
            }
            guard let job = try await jobs.requeue(jobID: id, appID: app.id, runAt: clock.now()) else {
                throw PerennialError(.jobNotFound, "no buried job with this id")
            }
            return JobListResponse.Item(job)
        }
    }
}

/// The body of `GET /v1/admin/jobs`.
struct JobListResponse: ResponseEncodable {
    struct Item: ResponseEncodable {
        var id: Int64
        var kind: String
        var state: String
        var attempts: Int
        var runAt: String
        var createdAt: String
        var lastError: String?

        init(_ job: Job) {
            id = job.id
            kind = job.kind
            state = job.state.rawValue
            attempts = job.attempts
            runAt = job.runAt.iso8601
            createdAt = job.createdAt.iso8601
            lastError = job.lastError
        }

        enum CodingKeys: String, CodingKey {
            case id, kind, state, attempts
            case runAt = "run_at", createdAt = "created_at", lastError = "last_error"
        }
    }

    var jobs: [Item]
}
