"""Drives the Square simulator with Square's own Python SDK (squareup), unchanged but for its base URL, and
prints what it saw as JSON.

Reads {"base_url", "token", "location_id", "delivery": {"body", "signature", "url", "key"}} on stdin:
`delivery` is a webhook the simulator sent, which the SDK's own helper must verify. The payment behind an
invoice, which the Invoices API does not name, comes from the simulator's control API.
"""

import json
import sys
import urllib.request
import uuid

from square import Square
from square.core.api_error import ApiError
from square.utils.webhooks_helper import verify_signature


def failure(call):
    try:
        call()
    except ApiError as error:
        body = error.body if isinstance(error.body, dict) else {}
        return {"status": error.status_code, "code": (body.get("errors") or [{}])[0].get("code")}
    return None


def key():
    return str(uuid.uuid4())


def main():
    arguments = json.load(sys.stdin)
    base, location = arguments["base_url"], arguments["location_id"]
    client = Square(token=arguments["token"], base_url=base)
    seen = {}

    seen["locations"] = [item.id for item in client.locations.list().locations]
    plan = client.catalog.object.upsert(idempotency_key=key(), object={
        "type": "SUBSCRIPTION_PLAN", "id": "#pro", "subscription_plan_data": {"name": "Pro"},
    }).catalog_object
    variation = client.catalog.object.upsert(idempotency_key=key(), object={
        "type": "SUBSCRIPTION_PLAN_VARIATION", "id": "#pro-monthly",
        "subscription_plan_variation_data": {
            "name": "Pro monthly", "subscription_plan_id": plan.id,
            "phases": [{"cadence": "MONTHLY", "ordinal": 0, "pricing": {"type": "STATIC", "price_money": {"amount": 999, "currency": "USD"}}}],
        },
    })
    variation_id = variation.catalog_object.id
    seen["id_mapping"] = variation.id_mappings[0].client_object_id
    seen["fetched_phases"] = len(client.catalog.object.get(object_id=variation_id).object.subscription_plan_variation_data.phases)

    customer = client.customers.create(reference_id="py-1", email_address="py@example.com").customer
    seen["declined_card"] = failure(lambda: client.cards.create(
        idempotency_key=key(), source_id="cnon:card-nonce-declined", card={"customer_id": customer.id}))
    card = client.cards.create(idempotency_key=key(), source_id="cnon:card-nonce-ok", card={"customer_id": customer.id}).card

    create_key = key()
    subscription = client.subscriptions.create(
        idempotency_key=create_key, location_id=location, customer_id=customer.id, plan_variation_id=variation_id, card_id=card.id,
    ).subscription
    again = client.subscriptions.create(
        idempotency_key=create_key, location_id=location, customer_id=customer.id, plan_variation_id=variation_id, card_id=card.id,
    ).subscription
    seen["idempotent_same_id"] = again.id == subscription.id
    seen["status"] = subscription.status
    seen["charged_through_date"] = subscription.charged_through_date
    invoice = client.invoices.get(invoice_id=subscription.invoice_ids[0]).invoice
    seen["invoice_status"] = invoice.status
    seen["invoice_subscription"] = invoice.subscription_id == subscription.id
    seen["invoice_amount"] = invoice.payment_requests[0].computed_amount_money.amount

    paused = client.subscriptions.pause(subscription_id=subscription.id, pause_cycle_duration=1)
    seen["pause_actions"] = [action.type for action in paused.actions]
    listed = client.subscriptions.get(subscription_id=subscription.id, include="actions").subscription
    seen["actions_listed"] = sorted(action.type for action in listed.actions)
    for action in listed.actions:
        client.subscriptions.delete_action(subscription_id=subscription.id, action_id=action.id)
    seen["actions_after_delete"] = client.subscriptions.get(subscription_id=subscription.id, include="actions").subscription.actions

    with urllib.request.urlopen(f"{base}/simulator/square/subscriptions/{subscription.id}/invoices") as response:
        payment = json.loads(response.read())["invoices"][0]["payment_id"]
    refund = client.refunds.refund_payment(
        idempotency_key=key(), payment_id=payment, amount_money={"amount": 999, "currency": "USD"}).refund
    seen["refund_status"] = refund.status
    seen["refunded_invoice"] = client.invoices.get(invoice_id=subscription.invoice_ids[0]).invoice.status
    seen["refund_again"] = failure(lambda: client.refunds.refund_payment(
        idempotency_key=key(), payment_id=payment, amount_money={"amount": 1, "currency": "USD"}))

    cancelled = client.subscriptions.cancel(subscription_id=subscription.id)
    seen["canceled_date"] = cancelled.subscription.canceled_date
    seen["cancel_actions"] = [action.type for action in cancelled.actions]
    seen["status_after_cancel"] = client.subscriptions.get(subscription_id=subscription.id).subscription.status

    hook = client.webhooks.subscriptions.create(idempotency_key=key(), subscription={
        "name": "py", "event_types": ["subscription.updated"], "notification_url": "https://example.com/square",
    }).subscription
    seen["webhook_signature_key"] = bool(hook.signature_key)
    delivery = arguments["delivery"]
    seen["delivery_verified"] = verify_signature(
        request_body=delivery["body"], signature_header=delivery["signature"], signature_key=delivery["key"], notification_url=delivery["url"])
    seen["tampered_rejected"] = not verify_signature(
        request_body=delivery["body"] + " ", signature_header=delivery["signature"], signature_key=delivery["key"], notification_url=delivery["url"])

    seen["missing"] = failure(lambda: client.subscriptions.get(subscription_id="nope"))
    def outage(count):
        urllib.request.urlopen(urllib.request.Request(f"{base}/simulator/square/faults", method="POST", data=json.dumps(
            {"kind": "api_error", "status": 503, "count": count, "path_prefix": "/v2/subscriptions"}).encode()))
    # The SDK tries a 5xx three times: one failure is retried through, three are an outage.
    outage(1)
    seen["retried_through_outage"] = client.subscriptions.get(subscription_id=subscription.id).subscription.status
    outage(3)
    seen["outage"] = failure(lambda: client.subscriptions.get(subscription_id=subscription.id))
    seen["after_outage"] = client.subscriptions.get(subscription_id=subscription.id).subscription.status
    stranger = Square(token="not-the-token", base_url=base)
    seen["wrong_token"] = failure(lambda: stranger.locations.list())
    print(json.dumps(seen, default=str))


if __name__ == "__main__":
    main()
