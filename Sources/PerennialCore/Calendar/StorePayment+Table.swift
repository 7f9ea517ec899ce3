extension StorePayment {
    /// The payments as a plain-text table with aligned columns and a header row:
    ///
    ///     Fiscal month    Payment date  Revenue period
    ///     October 2023    2023-10-05    2023-08-06 to 2023-09-02
    ///
    /// The label column is left out when `labelHeader` is nil. Every line ends with a newline.
    public static func table(_ payments: [StorePayment], labelHeader: String?, revenueHeader: String = "Revenue period")
        -> String
    {
        var rows: [[String]] = [[labelHeader, "Payment date", revenueHeader].compactMap { $0 }]
        for payment in payments {
            let period = "\(payment.revenuePeriodStart) to \(payment.revenuePeriodEnd)"
            rows.append((labelHeader == nil ? [] : [payment.label ?? ""]) + [payment.paymentDate.description, period])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                let cell = row[column]
                return column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
