# Sourced by the browser checks (check-web-paywall.sh, check-dashboard.sh).

# browser_cleanup: the exit trap of a check that works in $work: stops the servers it started and removes
# $work (kept when BROWSER_KEEP is set).
browser_cleanup() {
  local pids
  pids=$(jobs -p)
  [[ -n $pids ]] && kill $pids 2>/dev/null
  wait 2>/dev/null || true
  [[ -n ${BROWSER_KEEP:-} ]] || rm -rf "$work"
}

# install_browser VENV: Chromium and its driver from Debian's packages (when either is missing), and VENV, a
# virtualenv with Selenium and axe-selenium-python (made when it lacks them).
install_browser() {
  local venv=$1
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
  if [[ ! -x $venv/bin/python ]] || ! "$venv/bin/python" -c 'import selenium, axe_selenium_python' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check 'selenium==4.27.1' 'axe-selenium-python==2.1.6' 'PyYAML'
  fi
}

# example_stores PREFIX: once `perennial simulator --port PREFIX90` was started, waits for it; writes the files
# the example's configuration reads (simulator-root.der, simulator-play-key.json, simulator-paypal-root.pem) in
# the working directory; makes the example's Stripe prices; and points Stripe's webhook at Perennial on PREFIX80.
example_stores() {
  local simulator=localhost:${1}90 perennial=127.0.0.1:${1}80
  for _ in $(seq 150); do curl -sf "$simulator/simulator/root-certificate" -o simulator-root.der && break; sleep 0.2; done
  curl -sf "$simulator/simulator/google/key-file" -o simulator-play-key.json
  curl -sf "$simulator/simulator/paypal/root.pem" -o simulator-paypal-root.pem
  curl -sf -X POST "$simulator/simulator/stripe/prices" \
    -d '{"id": "price_example_pro_monthly", "unit_amount": 999, "currency": "usd", "product_name": "Pro (web)"}' > /dev/null
  curl -sf -X POST "$simulator/simulator/stripe/prices" \
    -d '{"id": "price_example_pro_yearly", "unit_amount": 4999, "currency": "usd", "interval": "year", "product_name": "Pro (web, yearly)"}' > /dev/null
  curl -sf -X POST "$simulator/simulator/stripe/webhook-endpoint" \
    -d "{\"url\": \"http://$perennial/v1/stripe/webhooks/example\", \"secret\": \"whsec_example_0123456789\"}" > /dev/null
}
