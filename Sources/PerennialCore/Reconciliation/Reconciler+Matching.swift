extension Reconciler {
    /// A report that names orders: each order charged or refunded is looked up by its id.
    func byOrder(lines: [StoreReportLine], events: [Event], report: StoreReport) -> [ReconciliationDifference] {
        let reported = Set(lines.compactMap { line in line.orderID.map { OrderKey(id: $0, refund: line.kind == .refund) } })
        let known = Set(events.map { OrderKey(id: $0.transactionID, refund: $0.kind == .refund) })
        var differences: [ReconciliationDifference] = []
        for line in lines {
            guard let order = line.orderID, !known.contains(OrderKey(id: order, refund: line.kind == .refund)) else { continue }
            differences.append(ReconciliationDifference(
                firstDay: line.firstDay, productID: line.productID, productName: line.productName, kind: line.kind,
                storeCount: line.count, perennialCount: 0, orderID: order))
        }
        for event in events where report.days.contains(event.day)
            && !reported.contains(OrderKey(id: event.transactionID, refund: event.kind == .refund)) {
            differences.append(ReconciliationDifference(
                firstDay: event.day, productID: event.productID, kind: event.kind, storeCount: 0,
                perennialCount: event.count, orderID: event.transactionID, transactionIDs: [event.transactionID]))
        }
        return differences
    }

    /// An aggregated report: counts per row period, product and kind.
    func byCount(
        lines: [StoreReportLine], events: [Event], report: StoreReport, periods: [CivilDate: CivilDate]
    ) -> [ReconciliationDifference] {
        let named = Set(lines.compactMap(\.productID))
        var store: [CountKey: Int] = [:], names: [CountKey: String] = [:], lastDays: [CivilDate: CivilDate] = [:]
        for line in lines {
            let key = CountKey(day: line.firstDay, productID: line.productID, kind: line.kind)
            store[key, default: 0] += line.count
            if let name = line.productName, !name.isEmpty { names[key] = names[key] ?? name }
            lastDays[line.firstDay] = max(lastDays[line.firstDay] ?? line.lastDay, line.lastDay)
        }
        var perennial: [CountKey: Int] = [:], transactions: [CountKey: [String]] = [:]
        for event in events where report.days.contains(event.day) {
            let product = report.kind.namesEveryProduct || named.contains(event.productID) ? event.productID : nil
            let key = CountKey(day: periods[event.day] ?? event.day, productID: product, kind: event.kind)
            perennial[key, default: 0] += event.count
            transactions[key, default: []].append(event.transactionID)
        }
        return Set(store.keys).union(perennial.keys).compactMap { key in
            let reported = store[key] ?? 0, counted = perennial[key] ?? 0
            guard reported != counted else { return nil }
            return ReconciliationDifference(
                firstDay: key.day, lastDay: lastDays[key.day], productID: key.productID, productName: names[key],
                kind: key.kind, storeCount: reported, perennialCount: counted,
                transactionIDs: (transactions[key] ?? []).sorted())
        }
    }

    struct OrderKey: Hashable {
        var id: String
        var refund: Bool
    }

    struct CountKey: Hashable {
        var day: CivilDate
        var productID: String?
        var kind: StoreReportLine.Kind
    }
}
