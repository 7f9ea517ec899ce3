extension StripeSimulator {
    /// A subscription as Stripe's current API renders it: the billing period on its item.
    func renderSubscription(_ subscription: StripeSimulatedSubscription) throws -> StripeSimulatedJSON {
        let price = try price(subscription.price)
        let item: StripeSimulatedJSON = [
            "id": .string(subscription.itemID), "object": "subscription_item", "created": .int(subscription.created),
            "current_period_start": .int(subscription.currentPeriodStart), "current_period_end": .int(subscription.currentPeriodEnd),
            "metadata": [:], "price": renderPrice(price), "quantity": .int(subscription.quantity),
            "subscription": .string(subscription.id), "discounts": [], "tax_rates": [], "billing_thresholds": .null,
        ]
        let pause: StripeSimulatedJSON = subscription.pauseCollection.map {
            ["behavior": .string($0.behavior), "resumes_at": .optional($0.resumesAt)]
        } ?? .null
        return [
            "id": .string(subscription.id), "object": "subscription", "customer": .string(subscription.customer),
            "status": .string(subscription.status), "created": .int(subscription.created), "start_date": .int(subscription.startDate),
            "billing_cycle_anchor": .int(subscription.billingCycleAnchor), "cancel_at_period_end": .bool(subscription.cancelAtPeriodEnd),
            "cancel_at": subscription.cancelAtPeriodEnd ? .int(subscription.currentPeriodEnd) : .null,
            "canceled_at": .optional(subscription.canceledAt), "ended_at": .optional(subscription.endedAt),
            "cancellation_details": [
                "reason": subscription.cancelAtPeriodEnd && subscription.status != "canceled"
                    ? "cancellation_requested" : .optional(subscription.cancellationReason),
                "comment": .null, "feedback": .null,
            ],
            "collection_method": "charge_automatically", "currency": .string(price.currency), "days_until_due": .null,
            "default_payment_method": .null, "description": .null, "discounts": [],
            "items": [
                "object": "list", "data": [item], "has_more": false, "total_count": 1,
                "url": .string("/v1/subscription_items?subscription=\(subscription.id)"),
            ],
            "latest_invoice": .optional(subscription.latestInvoice), "livemode": false, "metadata": .metadata(subscription.metadata),
            "pause_collection": pause, "pending_update": .null, "schedule": .null, "test_clock": .optional(subscription.testClock),
            "trial_start": .optional(subscription.trialStart), "trial_end": .optional(subscription.trialEnd),
            "trial_settings": ["end_behavior": ["missing_payment_method": "create_invoice"]],
            "automatic_tax": ["enabled": false, "liability": .null], "application": .null, "billing_cycle_anchor_config": .null,
            "payment_settings": ["payment_method_options": .null, "payment_method_types": .null, "save_default_payment_method": "off"],
        ]
    }
}
