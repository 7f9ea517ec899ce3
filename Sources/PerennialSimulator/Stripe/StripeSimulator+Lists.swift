extension StripeSimulator {
    /// One page of a list, Stripe's way: newest first, `limit` (1…100, default 10), `starting_after` /
    /// `ending_before` an id in the list; `{object: "list", data, has_more, url}`.
    func page(_ ids: [String], url: String, params: StripeSimulatedParams, render: (String) throws -> StripeSimulatedJSON) throws -> StripeSimulatedJSON {
        let ordered = ids.sorted { (sequence[$0] ?? 0) > (sequence[$1] ?? 0) }
        let limit = try integer(params, "limit") ?? 10
        guard (1...100).contains(limit) else {
            throw StripeSimulatedAPIError.invalid("Invalid integer: \(limit): must be between 1 and 100", param: "limit")
        }
        var window = ArraySlice(ordered)
        var hasMore: Bool
        if let after = params.string("starting_after") {
            guard let index = ordered.firstIndex(of: after) else { throw StripeSimulatedAPIError.noSuch("object", after, param: "starting_after") }
            window = ordered[(index + 1)...]
            hasMore = window.count > limit
            window = window.prefix(Int(limit))
        } else if let before = params.string("ending_before") {
            guard let index = ordered.firstIndex(of: before) else { throw StripeSimulatedAPIError.noSuch("object", before, param: "ending_before") }
            window = ordered[..<index]
            hasMore = window.count > limit
            window = window.suffix(Int(limit))
        } else {
            hasMore = window.count > limit
            window = window.prefix(Int(limit))
        }
        return ["object": "list", "data": .array(try window.map(render)), "has_more": .bool(hasMore), "url": .string(url)]
    }

    /// `json` with each `expand[]` path's ids replaced by their objects (`latest_invoice`,
    /// `data.customer`, `items.data.price.product`, …).
    func expand(_ json: StripeSimulatedJSON, paths: [String]) throws -> StripeSimulatedJSON {
        var result = json
        for path in paths {
            result = try expand(result, path.split(separator: ".").map(String.init)[...])
        }
        return result
    }

    private func expand(_ value: StripeSimulatedJSON, _ path: ArraySlice<String>) throws -> StripeSimulatedJSON {
        guard let head = path.first else { return value }
        switch value {
        case .array(let elements):
            return .array(try elements.map { try expand($0, path) })
        case .object(var members):
            guard let member = members[head] else {
                throw StripeSimulatedAPIError.invalid("This property cannot be expanded (\(head)).", param: "expand")
            }
            if let id = member.string {
                guard let object = try renderObject(id: id) else {
                    throw StripeSimulatedAPIError.invalid("This property cannot be expanded (\(head)).", param: "expand")
                }
                members[head] = try expand(object, path.dropFirst())
            } else {
                members[head] = try expand(member, path.dropFirst())
            }
            return .object(members)
        default:
            return value
        }
    }

    /// The object an id names, rendered; nil for an unknown prefix.
    func renderObject(id: String) throws -> StripeSimulatedJSON? {
        let prefix = id.prefix { $0 != "_" }
        switch prefix {
        case "cus": return try renderCustomer(try customer(id))
        case "prod": return renderProduct(try product(id))
        case "price": return renderPrice(try price(id))
        case "sub": return try renderSubscription(try subscription(id))
        case "in": return try renderInvoice(try invoice(id))
        case "inpay": return try renderInvoicePayment(try invoicePayment(id))
        case "pi": return try renderPaymentIntent(try paymentIntent(id))
        case "ch": return try renderCharge(try charge(id))
        case "re": return try renderRefund(try refund(id))
        case "dp": return try renderDispute(try dispute(id))
        case "cs": return try renderCheckoutSession(try checkoutSession(id))
        case "clock": return renderTestClock(try testClock(id))
        default: return nil
        }
    }

    // MARK: Reading parameters

    /// An integer parameter; nil when absent.
    func integer(_ params: StripeSimulatedParams, _ key: String, in label: String? = nil) throws -> Int64? {
        guard let text = params.string(key) else { return nil }
        guard let number = Int64(text) else { throw StripeSimulatedAPIError.invalid("Invalid integer: \(text)", param: label ?? key) }
        return number
    }

    /// A boolean parameter; nil when absent.
    func boolean(_ params: StripeSimulatedParams, _ key: String, in label: String? = nil) throws -> Bool? {
        guard let text = params.string(key) else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default: throw StripeSimulatedAPIError.invalid("Invalid boolean: \(text)", param: label ?? key)
        }
    }

    /// `existing` with `metadata[…]` applied: a key set to "" is removed, `metadata=` clears all.
    func metadata(_ params: StripeSimulatedParams, merging existing: [String: String] = [:]) -> [String: String] {
        if params.string("metadata") == "" { return [:] }
        guard let update = params.dictionary("metadata") else { return existing }
        var result = existing
        for (key, value) in update { result[key] = value.isEmpty ? nil : value }
        return result
    }
}
