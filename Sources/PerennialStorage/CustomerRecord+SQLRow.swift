import PerennialCore
import PerennialServices
import SQLKit

extension CustomerRecord {
    /// A customer from a row with the `customers` columns `app_id`, `app_user_id` and `created_at`.
    init(row: some SQLRow) throws {
        self.init(
            appID: try row.string("app_id"), appUserID: try row.string("app_user_id"),
            createdAt: Instant(milliseconds: try row.int64("created_at"))
        )
    }
}
