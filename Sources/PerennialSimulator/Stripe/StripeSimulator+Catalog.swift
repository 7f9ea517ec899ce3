extension StripeSimulator {
    /// `POST /v1/products`: name (required), id, active, description, metadata.
    func createProduct(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        guard let name = params.string("name"), !name.isEmpty else { throw StripeSimulatedAPIError.missing("name") }
        let id = params.string("id") ?? StripeSimulatedID.make("prod_")
        guard products[id] == nil else {
            throw StripeSimulatedAPIError.invalid("Product already exists.", param: "id", code: "resource_already_exists")
        }
        let product = StripeSimulatedProduct(
            id: id, name: name, active: try boolean(params, "active") ?? true, description: params.string("description"),
            metadata: metadata(params), created: simulatorNow
        )
        products[id] = product
        register(id)
        emit("product.created", renderProduct(product), at: product.created)
        return renderProduct(product)
    }

    /// `GET /v1/products`: filter active.
    func listProducts(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let active = try boolean(params, "active")
        let ids = products.values.filter { active == nil || $0.active == active }.map(\.id)
        return try page(ids, url: "/v1/products", params: params) { renderProduct(try product($0)) }
    }

    /// `POST /v1/prices`: currency, unit_amount, product (or product_data[name]), recurring[interval],
    /// recurring[interval_count], nickname, lookup_key, metadata.
    func createPrice(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        guard let currency = params.string("currency")?.lowercased(), currency.count == 3 else { throw StripeSimulatedAPIError.missing("currency") }
        guard let amount = try integer(params, "unit_amount") else { throw StripeSimulatedAPIError.missing("unit_amount") }
        guard amount >= 0 else { throw StripeSimulatedAPIError.invalid("This value must be greater than or equal to 0.", param: "unit_amount") }
        let productID: String
        if let named = params.string("product") {
            productID = try product(named).id
        } else if let name = params["product_data"].string("name") {
            productID = try createProduct(StripeSimulatedParams(pairs: [("name", name)]))["id"]?.string ?? ""
        } else {
            throw StripeSimulatedAPIError.missing("product")
        }
        var recurring: StripeSimulatedInterval?
        if !params["recurring"].isEmpty {
            guard let text = params["recurring"].string("interval"), let unit = StripeSimulatedInterval.Unit(rawValue: text) else {
                throw StripeSimulatedAPIError.invalid("Invalid recurring[interval]: must be one of day, month, week, or year", param: "recurring[interval]")
            }
            let count = try integer(params["recurring"], "interval_count", in: "recurring[interval_count]") ?? 1
            guard (1...365).contains(count) else {
                throw StripeSimulatedAPIError.invalid("Invalid recurring[interval_count]", param: "recurring[interval_count]")
            }
            recurring = StripeSimulatedInterval(unit: unit, count: Int(count))
        }
        let price = StripeSimulatedPrice(
            id: StripeSimulatedID.make("price_"), product: productID, unitAmount: amount, currency: currency, recurring: recurring,
            active: try boolean(params, "active") ?? true, nickname: params.string("nickname"), lookupKey: params.string("lookup_key"),
            metadata: metadata(params), created: simulatorNow
        )
        prices[price.id] = price
        register(price.id)
        emit("price.created", renderPrice(price), at: price.created)
        return renderPrice(price)
    }

    /// `GET /v1/prices`: filters product, active, type, currency, lookup_keys[].
    func listPrices(_ params: StripeSimulatedParams) throws -> StripeSimulatedJSON {
        let product = params.string("product")
        let active = try boolean(params, "active")
        let type = params.string("type")
        let currency = params.string("currency")
        let keys = params.strings("lookup_keys")
        let ids = prices.values.filter { price in
            (product == nil || price.product == product) && (active == nil || price.active == active)
                && (type == nil || (price.recurring == nil ? "one_time" : "recurring") == type)
                && (currency == nil || price.currency == currency) && (keys.isEmpty || keys.contains(price.lookupKey ?? ""))
        }.map(\.id)
        return try page(ids, url: "/v1/prices", params: params) { renderPrice(try price($0)) }
    }

    func renderProduct(_ product: StripeSimulatedProduct) -> StripeSimulatedJSON {
        [
            "id": .string(product.id), "object": "product", "name": .string(product.name), "active": .bool(product.active),
            "description": .optional(product.description), "metadata": .metadata(product.metadata), "created": .int(product.created),
            "updated": .int(product.created), "livemode": false, "images": [], "type": "service", "default_price": .null,
            "marketing_features": [], "tax_code": .null, "unit_label": .null, "url": .null,
        ]
    }

    func renderPrice(_ price: StripeSimulatedPrice) -> StripeSimulatedJSON {
        let recurring: StripeSimulatedJSON = price.recurring.map { interval in
            [
                "interval": .string(interval.unit.rawValue), "interval_count": .int(Int64(interval.count)),
                "usage_type": "licensed", "meter": .null, "trial_period_days": .null,
            ]
        } ?? .null
        return [
            "id": .string(price.id), "object": "price", "active": .bool(price.active), "currency": .string(price.currency),
            "unit_amount": .int(price.unitAmount), "unit_amount_decimal": .string(String(price.unitAmount)),
            "product": .string(price.product), "recurring": recurring, "type": price.recurring == nil ? "one_time" : "recurring",
            "billing_scheme": "per_unit", "nickname": .optional(price.nickname), "lookup_key": .optional(price.lookupKey),
            "metadata": .metadata(price.metadata), "created": .int(price.created), "livemode": false,
            "tax_behavior": "unspecified", "tiers_mode": .null, "transform_quantity": .null, "custom_unit_amount": .null,
        ]
    }
}

extension StripeSimulator {
    /// A recurring price with a chosen id and its product (`POST /simulator/stripe/prices`): Stripe makes the
    /// ids of prices itself, so an example's catalog, which names products by price id, could not be written
    /// in advance otherwise. An existing price with that id is kept; returns the price.
    public func seedPrice(
        id: String, productName: String, unitAmount: Int64, currency: String = "usd", interval: String = "month"
    ) throws -> StripeSimulatedJSON {
        if let existing = prices[id] { return renderPrice(existing) }
        guard id.hasPrefix("price_"), id.count <= 64, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw StripeSimulatedAPIError.invalid("A seeded price id is price_ followed by letters, digits and _.", param: "id")
        }
        guard let unit = StripeSimulatedInterval.Unit(rawValue: interval) else {
            throw StripeSimulatedAPIError.invalid("interval must be one of day, month, week, or year", param: "interval")
        }
        guard unitAmount >= 0, currency.count == 3 else {
            throw StripeSimulatedAPIError.invalid("unit_amount must be >= 0 and currency three letters", param: "unit_amount")
        }
        let product = try createProduct(StripeSimulatedParams(pairs: [("name", productName)]))["id"]?.string ?? ""
        let price = StripeSimulatedPrice(
            id: id, product: product, unitAmount: unitAmount, currency: currency.lowercased(),
            recurring: StripeSimulatedInterval(unit: unit, count: 1), active: true, nickname: nil, lookupKey: nil, metadata: [:],
            created: simulatorNow
        )
        prices[id] = price
        register(id)
        emit("price.created", renderPrice(price), at: price.created)
        return renderPrice(price)
    }
}
