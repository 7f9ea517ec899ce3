import Foundation
import Logging
import PerennialCore
import PerennialOutbound

/// Sends one webhook delivery the dispatcher leased, and records what happened: delivered on 2xx; on a
/// passing failure (`WebhookAttemptVerdict.retry`) due again after an exponential backoff with jitter,
/// never sooner than the receiver's `Retry-After`, until the retry window closes; otherwise a dead letter at
/// once. An endpoint whose every attempt failed for the whole retry window is disabled, and the team told
/// (a health problem and a log line).
///
/// Each attempt is signed anew (Standard Webhooks: `webhook-id` the event's id on every attempt,
/// `webhook-timestamp` now) with every secret the endpoint signs with. Redirects are never followed and at
/// most 64 KiB of an answer is read (the transport's part); the URL is checked again before each attempt.
public struct WebhookDeliverySender: Sendable {
    /// The health problem reported when Perennial disables a failing endpoint.
    public static let endpointDisabledProblem = "webhook_endpoint_disabled"

    let ledger: any Ledger
    let transport: any HTTPTransport
    let secrets: SecretBox
    let urlRule: WebhookURLRule
    let settings: WebhookSettings
    let health: AppHealth
    let clock: any Clock
    /// The time signatures carry: the real one, which receivers compare with their own.
    let signingClock: any Clock
    let logger: Logger
    /// Counts attempts by outcome, with their time and, once delivered, the delivery's lag.
    let telemetry: Telemetry
    /// The endpoints' secrets, opened once.
    let openedSecrets = WebhookSecretCache()
    /// Writes outcomes that end together in one statement.
    let recorder: WebhookAttemptRecorder

    public init(
        ledger: any Ledger, transport: any HTTPTransport, secrets: SecretBox, urlRule: WebhookURLRule, settings: WebhookSettings,
        health: AppHealth, clock: any Clock, signingClock: any Clock = SystemClock(), logger: Logger, telemetry: Telemetry = .off
    ) {
        self.telemetry = telemetry
        self.ledger = ledger
        recorder = WebhookAttemptRecorder(ledger: ledger)
        self.transport = transport
        self.secrets = secrets
        self.urlRule = urlRule
        self.settings = settings
        self.health = health
        self.clock = clock
        self.signingClock = signingClock
        self.logger = logger
    }

    /// Makes one attempt at a leased delivery to its endpoint and records its outcome, which ends the lease.
    public func send(_ delivery: WebhookDeliveryRecord, to endpoint: WebhookEndpointRecord) async throws {
        try await record(await attempt(delivery, to: endpoint))
    }

    /// Makes one attempt at a leased delivery, recording nothing: its lease holds until `record` ends it.
    public func attempt(_ delivery: WebhookDeliveryRecord, to endpoint: WebhookEndpointRecord) async throws -> WebhookAttemptResult {
        let now = clock.now()
        let result = { WebhookAttemptResult(delivery: delivery, endpoint: endpoint, attemptedAt: now, outcome: $0) }
        do {
            try await urlRule.check(endpoint.url)
        } catch let error as PerennialError {
            logger.warning("webhook URL refused", metadata: ["app": "\(endpoint.appID)", "endpoint": "\(endpoint.id)", "reason": "\(error.message)"])
            return result(.notSent(code: "url_refused"))
        }
        let request: HTTPTransportRequest
        do {
            request = try signedRequest(delivery, to: endpoint)
        } catch {
            // The endpoint's secrets do not open (the master key): a dead letter, retried once that is mended,
            // rather than an attempt that fails again every time its lease runs out.
            let code = PerennialError.code(of: error)
            logger.error("webhook not signed", metadata: ["app": "\(endpoint.appID)", "endpoint": "\(endpoint.id)", "code": "\(code)"])
            return result(.notSent(code: code))
        }
        let started = ContinuousClock.now
        let verdict: WebhookAttemptVerdict
        var status: Int?
        do {
            let response = try await transport.send(request)
            status = response.status
            verdict = .of(status: response.status, headers: response.headers)
        } catch let error as HTTPTransportError {
            // Interrupted by a shutdown: no attempt to record; the caller gives the lease back.
            if Task.isCancelled { throw CancellationError() }
            verdict = .of(error)
        }
        return result(.sent(verdict: verdict, status: status, latencyMilliseconds: (ContinuousClock.now - started).milliseconds))
    }

    /// The request for one attempt: the message, the endpoint's extra headers, and the signature headers.
    func signedRequest(_ delivery: WebhookDeliveryRecord, to endpoint: WebhookEndpointRecord) throws -> HTTPTransportRequest {
        let body = Array(delivery.delivery.body.utf8)
        let signing = try openedSecrets.secrets(endpoint.sealedSecrets, with: secrets).signing(at: clock.now())
        var headers = endpoint.headers.keys.sorted().map { HTTPTransportHeader(name: $0, value: endpoint.headers[$0]!) }
        headers += [
            HTTPTransportHeader(name: "content-type", value: "application/json"),
            HTTPTransportHeader(name: "user-agent", value: "Perennial-Webhooks/1"),
        ]
        let signature = WebhookSignature.headers(
            id: delivery.delivery.messageID, timestamp: signingClock.now().milliseconds / 1000, body: body, secrets: signing)
        headers += signature.map { HTTPTransportHeader(name: $0.name, value: $0.value) }
        return HTTPTransportRequest(method: "POST", url: endpoint.url, headers: headers, body: body, timeout: settings.timeout)
    }

    /// Records an attempt's outcome, which ends the delivery's lease: delivered, due again after a backoff, or
    /// a dead letter; and moves the endpoint's failure clock (disabling it once the retry window has passed).
    public func record(_ result: WebhookAttemptResult) async throws {
        let (delivery, endpoint, now) = (result.delivery, result.endpoint, result.attemptedAt)
        let (verdict, status, latency): (WebhookAttemptVerdict, Int?, Int64)
        switch result.outcome {
        case .notSent(let code):
            return try await recorder.record(deliveryID: delivery.id, WebhookAttempt(state: .failed, attemptedAt: now, error: code))
        case .sent(let answer, let answerStatus, let milliseconds):
            (verdict, status, latency) = (answer, answerStatus, milliseconds)
        }
        var attempt = WebhookAttempt(state: .pending, attemptedAt: now, status: status, latencyMilliseconds: latency)
        switch verdict {
        case .delivered:
            attempt.state = .delivered
        case .deadLetter(let code):
            attempt.state = .failed
            attempt.error = code
        case .retry(let code, let notBefore):
            attempt.error = code
            var generator = SystemRandomNumberGenerator()
            let backoff = Backoff(base: settings.firstRetryDelay, maximum: settings.maximumRetryDelay, jitter: .equal)
                .delay(afterFailure: delivery.attempts + 1) { Double.random(in: $0, using: &generator) }
            let next = now.adding(milliseconds: max(backoff, notBefore ?? .zero).milliseconds)
            if next > delivery.delivery.createdAt.adding(milliseconds: settings.retryWindow.milliseconds) {
                attempt.state = .failed
                attempt.error = "retries_exhausted"
            } else {
                attempt.nextAttemptAt = next
            }
        }
        let finalAttempt = attempt
        let retryable: Bool = if case .retry = verdict { true } else { false }
        let finished = attempt.state != .pending
        // The endpoint's failure clock moves only when this attempt failed or it was running; otherwise (a
        // healthy endpoint's arrival, or a refusal) the outcome is written with its neighbours'.
        let movesClock = retryable || endpoint.failingSince != nil
        if !movesClock { try await recorder.record(deliveryID: delivery.id, finalAttempt) }
        let disabled = !movesClock ? false : try await ledger.groupedWrite { session -> Bool in
            try await session.recordWebhookAttempt(deliveryID: delivery.id, finalAttempt)
            guard var current = try await session.webhookEndpoint(appID: endpoint.appID, id: endpoint.id) else { return false }
            if !retryable {
                guard current.failingSince != nil else { return false }
                current.failingSince = nil
                try await session.saveWebhookEndpoint(current)
                return false
            }
            guard let since = current.failingSince else {
                current.failingSince = now
                try await session.saveWebhookEndpoint(current)
                return false
            }
            guard current.isEnabled, now.milliseconds - since.milliseconds >= settings.retryWindow.milliseconds else { return false }
            current.isEnabled = false
            current.disabledReason = "failing"
            current.updatedAt = now
            try await session.saveWebhookEndpoint(current)
            return true
        }
        let delivered = finalAttempt.state == .delivered
        telemetry.webhookAttempt(
            outcome: delivered ? "delivered" : finished ? "failed" : "retry", duration: .milliseconds(latency),
            lag: delivered ? .milliseconds(now.milliseconds - delivery.delivery.createdAt.milliseconds) : nil)
        if disabled {
            logger.error("webhook endpoint disabled: every attempt failed for the retry window", metadata: [
                "app": "\(endpoint.appID)", "endpoint": "\(endpoint.id)", "last_error": "\(attempt.error ?? "")",
            ])
            await health.report(
                appID: endpoint.appID, code: Self.endpointDisabledProblem,
                message: "webhook endpoint \(endpoint.id) was disabled after failing every attempt for \(settings.retryWindow); re-enable it with PATCH /v1/admin/webhooks/\(endpoint.id)",
                at: now)
        }
    }
}
