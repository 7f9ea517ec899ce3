import PerennialAppStoreAdapter
import PerennialHTTP
import PerennialServices
import PerennialStoreModule

/// The App Store wired for the configured apps (their `apple:` settings): the signed-data verifiers and
/// Server API clients per app, verifyReceipt, the receipt and signed-transaction services, status polls and
/// notification catch-ups, the admin calls, and the check of the apps' verifyReceipt endpoints.
struct AppStoreRuntime: StoreRuntime {
    let adapter: any StoreAdapter
    let receipts: ReceiptService
    let transactions: SignedTransactionService
    let statuses: AppStoreStatuses
    let serverAPI: ServerAPIClients
    let verifiers: SignedDataVerifiers
    let endpointCheck: VerifyReceiptEndpointCheck
    let context: StoreContext

    /// Builds the parts, and reports each app's unusable signed-data or Server API settings to /health.
    init(context: StoreContext) async {
        let (apps, transport, clock) = (context.apps, context.transport, context.clock)
        verifiers = SignedDataVerifiers(apps: apps, clock: clock, transport: transport)
        serverAPI = ServerAPIClients(apps: apps, transport: transport, clock: clock, retryPolicy: context.retryPolicy, timeout: context.timeout)
        receipts = ReceiptService(
            verifier: AppStoreReceiptVerifier(transport: transport, timeout: context.timeout, retryPolicy: context.retryPolicy),
            ledger: context.ledger, jobs: context.jobs, secrets: context.secrets, health: context.health, signedData: verifiers,
            serverAPI: serverAPI, clock: clock, logger: context.logger, patience: context.purchasePatience, telemetry: context.telemetry
        )
        transactions = SignedTransactionService(
            verifiers: verifiers, serverAPI: serverAPI, ledger: context.ledger, jobs: context.jobs, secrets: context.secrets,
            clock: clock, logger: context.logger, patience: context.purchasePatience, telemetry: context.telemetry
        )
        statuses = AppStoreStatuses(serverAPI: serverAPI, verifiers: verifiers, ledger: context.ledger, clock: clock)
        adapter = AppStoreAdapter(
            signedNotifications: AppStoreSignedNotificationVerifier(verifiers: verifiers, clock: clock), statuses: statuses,
            catchUpCursors: context.pollSchedule, clock: clock)
        endpointCheck = VerifyReceiptEndpointCheck(
            apps: apps, transport: transport, health: context.health, clock: clock, logger: context.logger)
        self.context = context
        for (appID, problem) in verifiers.problems.merging(serverAPI.problems, uniquingKeysWith: { "\($0); \($1)" }) {
            await context.health.report(appID: appID, code: "signed_data_configuration", message: problem, at: clock.now())
        }
    }

    /// Receipts and transactions waiting for Apple, status polls, and notification-history catch-ups.
    func jobHandlers(_ services: StoreServices) -> [any JobHandler] {
        [
            receipts.pendingReceiptJob(apps: services.apps),
            transactions.pendingTransactionJob(apps: services.apps),
            StatusPollJob(apps: services.apps, ledger: context.ledger, receipts: receipts, statuses: statuses, clock: context.clock),
            NotificationCatchUpJob(
                apps: services.apps, schedule: context.pollSchedule, serverAPI: serverAPI, notifications: services.notifications,
                clock: context.clock),
        ]
    }

    /// `/v1/receipts`, `/v1/transactions` and `/v1/admin/apple/…`.
    func routes(_ services: StoreServices) -> [any StoreRoutes] {
        [AppStoreRoutes(receipts: receipts, transactions: transactions, admin: AppStoreAdminService(serverAPI: serverAPI, verifiers: verifiers))]
    }

    /// The renewal-date extension, from a customer's page in the dashboard.
    var supportActions: [any SupportAction] {
        [AppStoreExtendRenewalAction(admin: AppStoreAdminService(serverAPI: serverAPI, verifiers: verifiers))]
    }

    /// Promotional offers and introductory-offer eligibility statements.
    var offerSigner: (any OfferSigner)? { AppStoreOfferSigner(clock: context.clock) }

    /// RevenueCat's SDKs' `fetch_token`: receipts and signed transactions.
    var sdkPurchaseIntake: (any SDKPurchaseIntake)? { AppStoreSDKIntake(receipts: receipts, transactions: transactions) }

    /// Checks each app's verifyReceipt URLs now and every ten minutes after.
    func run() async {
        await endpointCheck.run()
    }

    /// Checks each app's verifyReceipt URLs once.
    func checkSetup() async {
        await endpointCheck.checkAll()
    }
}
