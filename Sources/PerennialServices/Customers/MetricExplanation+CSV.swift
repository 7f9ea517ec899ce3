import PerennialCore

extension MetricExplanation {
    /// `store,subscription_id,app_user_id,<each value's name>`, a line per subscription.
    public var csvLines: [[String]] {
        let columns = Set(rows.flatMap(\.values.keys)).sorted()
        return [["store", "subscription_id", "app_user_id"] + columns] + rows.map { row in
            [row.subscription.store.rawValue, row.subscription.id, row.ownerAppUserID ?? ""] + columns.map { String(row.values[$0] ?? 0) }
        }
    }
}
