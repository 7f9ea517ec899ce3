#!/usr/bin/env python3
"""The two halves of scripts/check-import.sh, run in its work folder.

buy N      buys N subscriptions in the simulator (127.0.0.1:18490) across the App Store, Google Play and Stripe,
           cancels or ends some, writes Perennial's import CSV to stdout (two malformed rows first) and the
           customers to expected.json.
compare N  reads every customer from Perennial (127.0.0.1:18480) and compares its subscription with the
           simulator's; exits 1 naming the first differences.
"""
import http.client
import json
import sys
import urllib.parse
from datetime import datetime

SIMULATOR = ("127.0.0.1", 18490)
PERENNIAL = ("127.0.0.1", 18480)
STRIPE_KEY = "sk_test_perennial"
PUBLIC_KEY = "pk_example_0123456789"
STORES = ["app_store", "play_store", "stripe"]
# States in which renewal and expiry no longer say anything: compared by the state alone.
ENDED = ("revoked", "expired")


class Connection:
    """One keep-alive connection; JSON or form bodies; the answer's status and JSON."""

    def __init__(self, address):
        self.connection = http.client.HTTPConnection(*address, timeout=60)

    def call(self, method, path, json_body=None, form=None, headers=None):
        headers = dict(headers or {})
        body = None
        if json_body is not None:
            body, headers["content-type"] = json.dumps(json_body), "application/json"
        if form is not None:
            body, headers["content-type"] = urllib.parse.urlencode(form), "application/x-www-form-urlencoded"
        self.connection.request(method, path, body, headers)
        response = self.connection.getresponse()
        response_body = response.read()
        if response.status >= 300:
            raise SystemExit(f"import-check: {method} {path} answered {response.status}: {response_body[:300]!r}")
        return json.loads(response_body) if response_body else {}


def fate(index):
    """What happens to customer `index`'s subscription after the purchase."""
    return {3: "cancelled", 7: "ended"}.get(index % 10, "kept")


def buy(count):
    simulator = Connection(SIMULATOR)
    stripe = {"Authorization": f"Bearer {STRIPE_KEY}"}
    customers = []
    print("app_user_id,store,id,product_id")
    print(",app_store,1000000000000001,pro.monthly")   # row 2: no app user id
    print("someone,amazon,R-1,pro.monthly")             # row 3: a store Perennial does not import
    for index in range(count):
        store, app_user_id, what = STORES[index % 3], f"customer-{index}", fate(index)
        if store == "app_store":
            bought = simulator.call("POST", "/simulator/purchases", {
                "account": f"account-{index}", "bundle_id": "com.example.perennial", "product_id": "pro.monthly", "environment": "sandbox"})
            store_id = bought["original_transaction_id"]
            if what == "cancelled":
                simulator.call("POST", f"/simulator/subscriptions/{store_id}/auto-renew", {"enabled": False})
            elif what == "ended":
                simulator.call("POST", f"/simulator/subscriptions/{store_id}/refund", {})
        elif store == "play_store":
            # The yearly plan: a license tester's year lasts 30 minutes on Play (a month 5), longer than the check.
            store_id = simulator.call("POST", "/simulator/google/purchases", {"product_id": "pro.yearly"})["purchase_token"]
            if what == "cancelled":
                simulator.call("POST", f"/simulator/google/purchases/{store_id}/cancel")
            elif what == "ended":
                simulator.call("POST", f"/simulator/google/purchases/{store_id}/refund")
        else:
            customer = simulator.call("POST", "/v1/customers", form={"metadata[app_user_id]": app_user_id}, headers=stripe)["id"]
            store_id = simulator.call("POST", "/v1/subscriptions", form={
                "customer": customer, "items[0][price]": "price_example_pro_monthly"}, headers=stripe)["id"]
            if what == "cancelled":
                simulator.call("POST", f"/v1/subscriptions/{store_id}", form={"cancel_at_period_end": "true"}, headers=stripe)
            elif what == "ended":
                simulator.call("DELETE", f"/v1/subscriptions/{store_id}", headers=stripe)
        product = {"stripe": "price_example_pro_monthly", "play_store": "pro.yearly"}.get(store, "pro.monthly")
        print(f"{app_user_id},{store},{store_id},{product}")
        customers.append({"app_user_id": app_user_id, "store": store, "id": store_id, "fate": what})
    with open("expected.json", "w") as file:
        json.dump(customers, file)


def milliseconds(text):
    """An RFC 3339 instant (`Z`, with or without fractions) in milliseconds."""
    return round(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)


def ended_or(view):
    """`view` (state, will_renew, expiry in ms), with only the state kept once the subscription ended."""
    return (view[0], None, None) if view[0] in ENDED else view


def simulator_view(simulator, customer):
    """The subscription as the simulator holds it: (state, will_renew, expiry in ms)."""
    store, store_id = customer["store"], customer["id"]
    if store == "app_store":
        held = simulator.call("GET", f"/simulator/subscriptions/{store_id}")
        state = {"intro": "introductory"}.get(held["status"], held["status"])
        return ended_or((state, held["auto_renew"], held["expires_at_ms"]))
    if store == "play_store":
        held = simulator.call("GET", f"/simulator/google/purchases/{urllib.parse.quote(store_id, safe='')}")
        item = held["lineItems"][0]
        renewing = item.get("autoRenewingPlan", {}).get("autoRenewEnabled", False)
        state = {"SUBSCRIPTION_STATE_ACTIVE": "active", "SUBSCRIPTION_STATE_CANCELED": "active",
                 "SUBSCRIPTION_STATE_EXPIRED": "revoked" if customer["fate"] == "ended" else "expired"}.get(held["subscriptionState"], held["subscriptionState"])
        return ended_or((state, renewing, milliseconds(item["expiryTime"])))
    held = simulator.call("GET", f"/v1/subscriptions/{store_id}", headers={"Authorization": f"Bearer {STRIPE_KEY}"})
    state = {"trialing": "trial", "canceled": "expired"}.get(held["status"], held["status"])
    # Stripe's API versions since 2025 give the period on the subscription's item.
    period_end = held.get("current_period_end") or held["items"]["data"][0]["current_period_end"]
    return ended_or((state, not held["cancel_at_period_end"], period_end * 1000))


def perennial_view(perennial, customer):
    answer = perennial.call("GET", f"/v1/customers/{urllib.parse.quote(customer['app_user_id'], safe='')}",
                            headers={"Authorization": f"Bearer {PUBLIC_KEY}"})
    subscriptions = answer["subscriptions"]
    if len(subscriptions) != 1:
        return f"{len(subscriptions)} subscriptions"
    held = subscriptions[0]
    if held["store"] != customer["store"] or held["subscription_id"] != customer["id"]:
        return f"the subscription {held['store']} {held['subscription_id']}"
    expiry = milliseconds(held["expires_at"]) if held.get("expires_at") else None
    return ended_or((held["state"], held.get("will_renew"), expiry))


def simulator_clock_lag(simulator):
    """How far the simulator's frozen clock is behind the wall clock, in milliseconds."""
    clock = simulator.call("GET", "/simulator/clock")
    now_ms = clock.get("now_ms")
    return round(datetime.now().timestamp() * 1000) - int(now_ms) if isinstance(now_ms, (int, float)) else 0


def compare(count):
    customers = json.load(open("expected.json"))
    if len(customers) != count:
        raise SystemExit(f"import-check: expected.json lists {len(customers)} customers, not {count}")
    simulator, perennial = Connection(SIMULATOR), Connection(PERENNIAL)
    differences, states = [], {}
    for customer in customers:
        held = simulator_view(simulator, customer)
        imported = perennial_view(perennial, customer)
        key = f"{customer['store']} {customer['fate']} → {held[0]}"
        states[key] = states.get(key, 0) + 1
        if imported != held:
            differences.append(f"{customer['app_user_id']} ({customer['store']} {customer['id']}, {customer['fate']}): "
                               f"Perennial {imported}, simulator {held}")
    for key in sorted(states):
        print(f"  {key}: {states[key]}")
    if differences:
        print(f"import-check: {len(differences)} customers differ from the simulator, first ones:", file=sys.stderr)
        if any(customer["store"] == "play_store" for customer in customers) and simulator_clock_lag(simulator) > 25 * 60_000:
            print("  (the check outlasted Play's 30-minute test year: Perennial judges the periods at the wall clock's "
                  "time, the simulator at its frozen clock's)", file=sys.stderr)
        for line in differences[:10]:
            print("  " + line, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    {"buy": buy, "compare": compare}[sys.argv[1]](int(sys.argv[2]))
