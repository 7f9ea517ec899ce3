import PerennialAppStore
import PerennialCore

extension AppStoreSimulator {
    /// Get Transaction Info: one transaction of the app, signed now.
    func serverAPITransactionInfo(_ scope: ServerAPIScope, transactionID: String) throws(ServerAPIFailure)
        -> TransactionInfoResponse
    {
        let now = catchUp()
        let transaction = try reachableTransaction(scope, transactionID)
        return TransactionInfoResponse(
            signedTransactionInfo: state.signedTransaction(transaction.transactionID, signedDate: now))
    }

    /// Get Transaction History (v2): every transaction of the customer the id belongs to, filtered, 20 a page.
    func serverAPIHistory(_ scope: ServerAPIScope, transactionID: String, query: TransactionHistoryQuery)
        throws(ServerAPIFailure) -> HistoryResponse
    {
        let now = catchUp()
        let owner = try reachableTransaction(scope, transactionID).owner
        var items = customerTransactions(owner).filter(query.includes)
        if query.descending { items.reverse() }
        let page = try ServerAPIPageToken.page(items, token: query.revision, invalid: .invalidRevision)
        return HistoryResponse(
            revision: page.next, hasMore: page.hasMore, bundleId: owner.bundleID,
            appAppleId: owner.environment == .production ? state.appAppleID(owner.bundleID) : nil,
            environment: Self.serverEnvironment(owner.environment),
            signedTransactions: page.items.compactMap { state.signedTransaction($0.transactionID, signedDate: now) })
    }

    /// Get All Subscription Statuses: the customer's subscriptions by group, each with its latest
    /// transaction and renewal info, optionally only those in `statuses`.
    func serverAPIStatuses(_ scope: ServerAPIScope, transactionID: String, statuses: Set<Int>)
        throws(ServerAPIFailure) -> StatusResponse
    {
        let now = catchUp()
        let owner = try reachableTransaction(scope, transactionID).owner
        var groups: [String: [LastTransactionsItem]] = [:]
        var order: [String] = []
        for subscription in state.subscriptions(of: owner) {
            let status = state.appleStatus(of: subscription, at: now)
            guard statuses.isEmpty || statuses.contains(status) else { continue }
            let group = state.transactions[subscription.latestTransactionID]?.subscriptionGroup ?? subscription.group
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(
                LastTransactionsItem(
                    status: ServerAPISubscriptionStatus(rawValue: status),
                    originalTransactionId: subscription.originalTransactionID,
                    signedTransactionInfo: state.signedTransaction(subscription.latestTransactionID, signedDate: now),
                    signedRenewalInfo: state.signedRenewalInfo(subscription.originalTransactionID, signedDate: now)))
        }
        return StatusResponse(
            environment: Self.serverEnvironment(owner.environment), bundleId: owner.bundleID,
            appAppleId: owner.environment == .production ? state.appAppleID(owner.bundleID) : nil,
            data: order.map { SubscriptionGroupIdentifierItem(subscriptionGroupIdentifier: $0, lastTransactions: groups[$0]) })
    }

    /// Look Up Order ID: the transactions of an order, or status 1 when the app has no such order.
    func serverAPIOrderLookup(_ scope: ServerAPIScope, orderID: String) -> OrderLookupResponse {
        let now = catchUp()
        let matches = state.transactions.values
            .filter { $0.orderID == orderID && scope.reaches(bundleID: $0.owner.bundleID, environment: $0.owner.environment) }
            .sorted(by: SimulatorState.oldestFirst)
        guard !matches.isEmpty else { return OrderLookupResponse(status: .invalid, signedTransactions: []) }
        return OrderLookupResponse(
            status: .valid, signedTransactions: matches.compactMap { state.signedTransaction($0.transactionID, signedDate: now) })
    }

    /// Get Refund History (v2): the customer's refunded and revoked transactions, 20 a page.
    func serverAPIRefundHistory(_ scope: ServerAPIScope, transactionID: String, revision: String?)
        throws(ServerAPIFailure) -> RefundHistoryResponse
    {
        let now = catchUp()
        let owner = try reachableTransaction(scope, transactionID).owner
        let refunded = customerTransactions(owner).filter { $0.cancellationDate != nil && !$0.isUpgraded }
        let page = try ServerAPIPageToken.page(refunded, token: revision, invalid: .invalidRevision)
        return RefundHistoryResponse(
            signedTransactions: page.items.compactMap { state.signedTransaction($0.transactionID, signedDate: now) },
            revision: page.next, hasMore: page.hasMore)
    }

    /// A transaction of the scope's app and environment, by id.
    func reachableTransaction(_ scope: ServerAPIScope, _ id: String) throws(ServerAPIFailure) -> SimulatedTransaction {
        guard !id.isEmpty, id.allSatisfy(\.isNumber) else { throw .invalidTransactionId }
        guard let transaction = state.transactions[id],
            scope.reaches(bundleID: transaction.owner.bundleID, environment: transaction.owner.environment)
        else { throw .transactionIdNotFound }
        return transaction
    }

    /// Every transaction of one customer (account, app, environment), oldest first.
    func customerTransactions(_ owner: ReceiptOwner) -> [SimulatedTransaction] {
        (state.accounts[owner]?.transactionIDs ?? []).compactMap { state.transactions[$0] }
            .sorted(by: SimulatorState.oldestFirst)
    }

    static func serverEnvironment(_ environment: StoreEnvironment) -> ServerAPIEnvironment {
        environment == .production ? .production : .sandbox
    }
}
