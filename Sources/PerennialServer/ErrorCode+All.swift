import PerennialServices

extension ErrorCode {
    /// Every code this server answers with: the store-neutral ones, then each store's (`StoreModules`).
    public static let all: [ErrorCode] = storeNeutral + StoreModules.all.flatMap(\.errorCodes)
}
