import PerennialAppStoreAdapter
import PerennialGooglePlayAdapter
import PerennialServices
import PerennialStripeAdapter

extension ErrorCode {
    /// Every code this server answers with: the store-neutral ones, then each store's.
    public static let all: [ErrorCode] = storeNeutral + appStore + googlePlay + stripe
}
