import Logging
import PerennialAppStore
import PerennialCore
import PerennialServices
import PerennialOutbound

/// Finds a verifyReceipt URL that cannot be reached or answers as no verifyReceipt endpoint does, at startup
/// and every `interval` after, instead of at the first receipt: each app that may ask verifyReceipt has both
/// of its endpoints checked, and what is wrong shows on `/health` (`verify_receipt_unreachable`,
/// `verify_receipt_misconfigured`) until a later check finds it answering.
public struct VerifyReceiptEndpointCheck: Sendable {
    /// The health problem of an endpoint that did not answer.
    public static let unreachable = "verify_receipt_unreachable"

    let apps: [AppSettings]
    let transport: any HTTPTransport
    let health: AppHealth
    let clock: any Clock
    let timeout: Duration
    let interval: Duration
    let logger: Logger

    public init(
        apps: [AppSettings], transport: any HTTPTransport, health: AppHealth, clock: any Clock, timeout: Duration = .seconds(10),
        interval: Duration = .seconds(600), logger: Logger
    ) {
        self.apps = apps
        self.transport = transport
        self.health = health
        self.clock = clock
        self.timeout = timeout
        self.interval = interval
        self.logger = logger
    }

    /// Checks now, then every `interval`, until the task is cancelled.
    public func run() async {
        while !Task.isCancelled {
            await checkAll()
            do { try await Task.sleep(for: interval) } catch { return }
        }
    }

    /// Checks every app's endpoints once, all at once (each probe waits at most `timeout`), and updates
    /// `/health`.
    public func checkAll() async {
        await withTaskGroup(of: Void.self) { group in
            for app in apps {
                group.addTask { await check(app) }
            }
        }
    }

    /// Probes both of an app's endpoints at once.
    private func check(_ app: AppSettings) async {
        guard let apple = app.apple, apple.receiptValidation != .local else { return }
        let client = VerifyReceiptClient(
            configuration: VerifyReceiptConfiguration(
                productionURL: apple.productionVerifyReceiptURL, sandboxURL: apple.sandboxVerifyReceiptURL,
                sharedSecret: apple.sharedSecret, timeout: timeout
            ),
            transport: transport
        )
        async let production = client.probe(.production)
        async let sandbox = client.probe(.sandbox)
        var unreachable: [String] = []
        var misconfigured: [String] = []
        for result in await [production, sandbox] {
            switch result {
            case .answering: break
            case .unreachable(let reason): unreachable.append(reason)
            case .misconfigured(let message): misconfigured.append(message)
            }
        }
        await record(unreachable, code: Self.unreachable, app: app)
        await record(misconfigured, code: ReceiptService.verifyReceiptMisconfigured, app: app)
    }

    private func record(_ problems: [String], code: String, app: AppSettings) async {
        guard !problems.isEmpty else {
            await health.clear(appID: app.id, code: code)
            return
        }
        logger.error("verifyReceipt endpoint check failed", metadata: ["app": "\(app.id)", "code": "\(code)"])
        await health.report(appID: app.id, code: code, message: problems.joined(separator: "; "), at: clock.now())
    }
}
