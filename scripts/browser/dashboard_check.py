#!/usr/bin/env python3
"""The web dashboard in headless Chromium, against the server scripts/check-dashboard.sh fills: every page visited logs
no console error, passes axe-core and is saved as a full-page screenshot (NN-name.png). Signing in and out, the
overview's figures and the offers against the metrics API, a store report reconciled, customer search and page, an
offer grant, a dead letter retried, the audit log, the people page, each role's limits, the sign-in form by keyboard.
Exits 1 on the first failure."""
import argparse
import base64
import datetime
import json
import os
import re
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import zoneinfo

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, TimeoutException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

SECRET_KEY = "sk_example_0123456789"
APP = "example"
LOGIN = "/dashboard/login"
OVERVIEW = f"/dashboard/apps/{APP}/overview"
CUSTOMERS = f"/dashboard/apps/{APP}/customers"
DEAD_JOBS = f"/dashboard/apps/{APP}/jobs?state=dead"
AUDIT = f"/dashboard/apps/{APP}/audit"
USERS = "/dashboard/users"
OFFER = "cs-free-month"   # the customer-service offer check-dashboard.sh adds to pro.yearly
DESKTOP, PHONE = (1280, 900), (390, 844)
# The statuses a refused sign-in may answer with (Chromium logs the page's own status as a console error).
REFUSED_SIGN_IN = (400, 401, 403, 422, 429)


def fail(message):
    print(f"dashboard: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def passed(message):
    print(f"dashboard: {message}")


class Dashboard:
    """The browser on the dashboard, and the page checks every visit gets."""

    def __init__(self, perennial, screenshots):
        self.perennial, self.screenshots = perennial.rstrip("/"), screenshots
        self.shots = 0
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--force-device-scale-factor=1"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path="/usr/bin/chromedriver"), options=options)
        self.driver.set_script_timeout(60)
        self.driver.set_window_size(*DESKTOP)

    # Navigation.
    def get(self, path):
        self.driver.get(self.perennial + path)

    def path(self):
        return urllib.parse.urlparse(self.driver.current_url).path

    def find(self, css, within=None):
        try:
            return (within or self.driver).find_element(By.CSS_SELECTOR, css)
        except NoSuchElementException:
            fail(f"{self.path()}: no element {css}")

    def all(self, css, within=None):
        return (within or self.driver).find_elements(By.CSS_SELECTOR, css)

    def wait(self, what, condition, seconds=15):
        try:
            return WebDriverWait(self.driver, seconds).until(condition)
        except TimeoutException:
            fail(f"{self.path()}: waited {seconds} s for {what}")

    def wait_until_left(self, page, what):
        """Waits until `page` (its html element) is no longer the document."""
        def left(_driver):
            # Chromium's driver reports the old page's node either as stale or as no longer in the document.
            try:
                page.is_enabled()
                return False
            except WebDriverException:
                return True

        self.wait(what, left)

    def submit(self, button):
        """Clicks a submit button and waits for the page it leads to."""
        page = self.driver.find_element(By.TAG_NAME, "html")
        button.click()
        self.wait_until_left(page, "the next page")
        self.wait("the page to load", lambda driver: driver.execute_script("return document.readyState") == "complete")

    def status(self, path):
        """The HTTP status the server answers the path with in this session (redirects not followed: 0)."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0], {credentials: 'same-origin', redirect: 'manual'}).then(r => done(r.status), e => done(String(e)));",
            self.perennial + path)

    def heading(self):
        headings = self.all("h1")
        return headings[0].text.strip() if headings else ""

    # What every page gets.
    def check_page(self, name, allowed_status=()):
        """No console error (but the page's own expected status), axe-core passes, a full-page screenshot."""
        errors = [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"
                  and not any(f"status of {status}" in entry["message"] for status in allowed_status)]
        if errors:
            fail(f"{name} ({self.path()}): the console logged errors: {errors}")
        axe = Axe(self.driver)
        axe.inject()
        # The tags axe-core 3.1 (axe-selenium-python's) knows: an unknown one makes its run fail without answering.
        results = axe.run(options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "best-practice"]}})
        if results["violations"]:
            for violation in results["violations"]:
                targets = [" ".join(node["target"]) for node in violation["nodes"]][:5]
                print(f"  {violation['id']} ({violation['impact']}): {violation['help']} — {targets}", file=sys.stderr)
            fail(f"{name} ({self.path()}): axe-core found {len(results['violations'])} violations (listed above)")
        self.shots += 1
        path = f"{self.screenshots}/{self.shots:02d}-{name}.png"
        widths = self.driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        if widths[0] > widths[1]:
            fail(f"{name} ({self.path()}): the page is {widths[0]} px wide in a {widths[1]} px window (it scrolls sideways)")
        metrics = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        # Captured beyond the viewport, the page loses its scroll bar and lays out at the window's whole width.
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": {
            "x": 0, "y": 0, "width": max(size["width"], widths[1]), "height": size["height"], "scale": 1}})
        with open(path, "wb") as file:
            file.write(base64.b64decode(shot["data"]))
        passed(f"{name}: no console error, axe-core passes ({len(results['passes'])} rules), saved {path}")

    # The API beside it.
    def api(self, path):
        request = urllib.request.Request(self.perennial + path, headers={"Authorization": f"Bearer {SECRET_KEY}"})
        with urllib.request.urlopen(request, timeout=15) as response:
            return json.load(response)

    def buried_jobs(self):
        # The API names the dead letters' state `buried`.
        return [job["id"] for job in self.api("/v1/admin/jobs?state=buried&limit=100")["jobs"]]


def submit_sign_in(d, email, password):
    d.get(LOGIN)
    form = d.find("form#sign-in")
    d.find("input#email", form).send_keys(email)
    d.find("input#password", form).send_keys(password)
    d.submit(d.find("button[type=submit]", form))


def sign_in(d, email, password):
    submit_sign_in(d, email, password)
    if d.path() == LOGIN:
        alerts = [alert.text for alert in d.all("[role=alert]")]
        fail(f"signing in as {email} was refused: {alerts}")


def sign_out(d, name):
    """Signs out from the overview, then checks the overview redirects to the login page again."""
    d.get(OVERVIEW)
    d.submit(d.find("form#sign-out button, form#sign-out [type=submit]"))
    if d.path() != LOGIN:
        fail(f"{name}: signing out led to {d.path()}, not {LOGIN}")
    d.check_page(f"signed-out-{name}")
    d.get(OVERVIEW)
    if d.path() != LOGIN:
        fail(f"{name}: after signing out, {OVERVIEW} answered {d.path()}, not a redirect to {LOGIN}")
    passed(f"{name}: signed out, and the overview redirects to the login page again")


def check_keyboard(d):
    d.get(LOGIN)
    stops = []
    for _ in range(20):
        ActionChains(d.driver).send_keys(Keys.TAB).perform()
        focused = d.driver.switch_to.active_element
        stops.append(f"{focused.tag_name}#{focused.get_attribute('id')}")
        if focused.get_attribute("id") == "email":
            break
    else:
        fail(f"Tab never reached #email on the login page; it went {stops}")
    ActionChains(d.driver).send_keys(Keys.TAB).perform()
    password = d.driver.switch_to.active_element
    ActionChains(d.driver).send_keys(Keys.TAB).perform()
    button = d.driver.switch_to.active_element
    if password.get_attribute("id") != "password" or button.tag_name != "button" or button.get_attribute("type") != "submit":
        fail(f"after #email, Tab reached {password.tag_name}#{password.get_attribute('id')} then {button.tag_name} "
             f"type={button.get_attribute('type')}, not #password then the submit button")
    passed(f"keyboard: Tab reaches #email, #password and the submit button in order ({len(stops) - 1} stops before)")


def check_owner_sign_in(d, email, password):
    submit_sign_in(d, email, password + "-wrong")
    alerts = d.all("[role=alert]")
    if not alerts:
        fail("a wrong password showed no [role=alert]")
    passed(f"a wrong password is refused: {alerts[0].text.strip()!r}")
    d.check_page("sign-in-refused", allowed_status=REFUSED_SIGN_IN)
    sign_in(d, email, password)
    if d.path() != OVERVIEW:
        fail(f"after signing in the page is {d.path()}, not {OVERVIEW}")
    passed(f"signed in as {email}, at {OVERVIEW}")


def check_overview_figures(d):
    figures = d.all(".figure[data-metric][data-key][data-value]")
    if not figures:
        fail("the overview shows no .figure[data-metric][data-key][data-value]")
    form = d.find("form#range")
    bounds = {name: d.find(f"input[name={name}]", form).get_attribute("value") for name in ("from", "to")}
    if not all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", value or "") for value in bounds.values()):
        fail(f"form#range's from and to are {bounds}, not YYYY-MM-DD")
    series, derived = {}, []
    for figure in figures:
        metric, key, kind, raw = (figure.get_attribute(name) for name in ("data-metric", "data-key", "data-kind", "data-value"))
        if kind == "derived":   # a rate of two flows (refund rate, billing recovery): not a value of the API's
            derived.append(metric)
            continue
        try:
            value = int(raw)
        except ValueError:
            fail(f"figure {metric}/{key}: data-value {raw!r} is not an integer")
        if metric not in series:
            query = urllib.parse.urlencode({"from": bounds["from"], "to": bounds["to"], "interval": "day"})
            series[metric] = d.api(f"/v1/admin/metrics/{urllib.parse.quote(metric)}?{query}")["points"]
        points = series[metric]
        if kind == "stock":
            expected = points[-1]["values"].get(key, 0) if points else 0
        elif kind == "flow":
            expected = sum(point["values"].get(key, 0) for point in points)
        else:
            fail(f"figure {metric}/{key}: data-kind is {kind!r}, not stock or flow")
        if value != expected:
            fail(f"figure {metric}/{key} ({kind}, {bounds['from']}…{bounds['to']}) shows {value}, the metrics API says {expected}")
    passed(f"overview: {len(figures) - len(derived)} figures of {len(series)} metrics match the metrics API, {bounds['from']}…{bounds['to']} "
           f"({len(derived)} derived rates not compared); "
           + ", ".join(f"{f.get_attribute('data-metric')}/{f.get_attribute('data-key')}={f.get_attribute('data-value')}" for f in figures[:6]))


def search(d, query, app_user_id, name):
    form = d.find("form#customer-search")
    field = d.find("input#q", form)
    if field.get_attribute("name") != "q":
        fail("the customer search's input#q is not named q")
    field.clear()
    field.send_keys(query)
    page = d.driver.find_element(By.TAG_NAME, "html")
    field.send_keys(Keys.ENTER)
    d.wait_until_left(page, "the search's results")
    d.wait("table#customers", expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "table#customers")))
    links = [link for link in d.all("table#customers a.customer") if link.text.strip() == app_user_id]
    if not links:
        found = [link.text for link in d.all("table#customers a.customer")]
        fail(f"searching {query!r}: table#customers has no a.customer {app_user_id!r} (it lists {found})")
    passed(f"searching {query!r} finds {app_user_id}")
    d.check_page(name)
    return links[0]


def check_customer_page(d, app_user_id, name):
    if app_user_id not in d.heading():
        fail(f"the customer page's h1 is {d.heading()!r}, without {app_user_id}")
    d.find("section#entitlements")
    rows = d.all("section#subscriptions tr[data-subscription]")
    if not rows:
        fail("section#subscriptions has no tr[data-subscription]")
    kinds = [entry.get_attribute("data-kind") for entry in d.all("section#timeline li.timeline-entry[data-kind]")]
    if "initial_purchase" not in kinds:
        fail(f"section#timeline's entries are {kinds}, without an initial_purchase")
    times = d.all("time[datetime]")
    untitled = [element.get_attribute("datetime") for element in times if not (element.get_attribute("title") or "").strip()]
    if untitled:
        fail(f"time elements without a title (the UTC instant): {untitled}")
    passed(f"customer {app_user_id}: {len(rows)} subscriptions, timeline {kinds}, {len(times)} times all titled")
    d.check_page(name)


def fill_reason(d, form):
    """Types a reason into the form's empty text fields, if it asks for one (a grant needs a reason)."""
    for field in d.all("textarea, input[type=text]", form):
        if field.is_displayed() and not field.get_attribute("value"):
            field.send_keys("Dashboard check: a goodwill month")


def check_grant_offer(d, customer_path):
    form = d.find("form#grant-offer")
    select = d.find("select#offer-id", form)
    if select.get_attribute("name") != "offer_id":
        fail("select#offer-id is not named offer_id")
    options = [(option.get_attribute("value"), option.text) for option in Select(select).options if option.get_attribute("value")]
    if not options:
        fail("select#offer-id offers nothing to grant")
    chosen = next((value for value, text in options if OFFER in value or OFFER in text), options[0][0])
    Select(select).select_by_value(chosen)
    fill_reason(d, form)
    d.submit(d.find("[type=submit]", form))
    confirm = d.find("form#confirm-grant")
    d.check_page("grant-confirm")
    fill_reason(d, confirm)
    d.submit(d.find("[type=submit]", confirm))
    if d.path() != customer_path:
        fail(f"confirming the grant led to {d.path()}, not the customer page {customer_path}")
    statuses = d.all("[role=status]")
    if not statuses:
        fail("after granting the offer, the customer page shows no [role=status]")
    passed(f"granted {chosen}: {statuses[0].text.strip()!r}")
    d.check_page("granted")


def check_dead_letters(d):
    buried = d.buried_jobs()
    if not buried:
        fail("the API lists no buried job: check-dashboard.sh should have made one")
    d.get(DEAD_JOBS)
    rows = {row.get_attribute("data-job-id"): row for row in d.all("table#jobs tr[data-job-id]")}
    if not rows:
        fail(f"{DEAD_JOBS}: table#jobs has no tr[data-job-id] (the API lists {buried})")
    job_id = next((str(job) for job in buried if str(job) in rows), None)
    if job_id is None:
        fail(f"table#jobs lists {sorted(rows)}, none of the API's buried jobs {buried}")
    passed(f"dead letters: table#jobs lists job {job_id}")
    d.check_page("dead-letters")
    d.submit(d.find("form.retry-job button, form.retry-job [type=submit]", rows[job_id]))
    statuses = d.all("[role=status]")
    if not statuses:
        fail(f"after retrying job {job_id}, the page shows no [role=status]")
    if int(job_id) in d.buried_jobs():
        fail(f"after retrying from the dashboard, the API still lists job {job_id} as buried")
    # The App Store answers again: the job runs and is done (so the figures no longer move either).
    deadline = time.time() + 20
    while int(job_id) in [job["id"] for job in d.api("/v1/admin/jobs?limit=100")["jobs"]]:
        if time.time() > deadline:
            fail(f"job {job_id}, retried, is still queued 20 s later: {d.api('/v1/admin/jobs?limit=100')['jobs']}")
        time.sleep(0.5)
    passed(f"retried job {job_id}: {statuses[0].text.strip()!r}; the API no longer lists it as buried, and it ran")
    d.check_page("job-retried")


def check_table(d, path, table, needles, name):
    """The page's table has a row mentioning each of the needles."""
    d.get(path)
    rows = [row.text for row in d.all(f"{table} tr")]
    missing = [needle for needle in needles if not any(needle in row for row in rows)]
    if missing:
        fail(f"{path}: {table} has no row mentioning {missing}")
    passed(f"{name}: {table} mentions {', '.join(needles)} ({len(rows)} rows)")
    d.check_page(name)


def check_store_action_form(d):
    """The customer's App Store subscription offers the renewal extension; its page asks for the days and a
    reason (nothing is submitted: the example has no App Store Server API key)."""
    links = d.all("a.store-action")
    if not links:
        fail("customer page: no store action on an active App Store subscription")
    links[0].click()
    WebDriverWait(d.driver, 10).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "form#support-action"))
    days = d.find("input#field-days")
    if days.get_attribute("max") != "90" or not d.all("select#field-reason option"):
        fail("store action: the extension form does not ask for 1 to 90 days and a reason")
    passed(f"store-action: {d.heading()!r} asks for the days (1 to 90) and Apple's reason")
    d.check_page("store-action")


def check_paywall_preview(d):
    """The paywalls page's first preview link shows the web paywall in a phone frame and a desktop frame."""
    d.get(f"/dashboard/apps/{APP}/paywalls")
    links = d.all("#paywall-previews a")
    if not links:
        fail("paywalls: no preview link (the example's document has paywalls)")
    name = links[0].text
    links[0].click()
    WebDriverWait(d.driver, 10).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, ".preview iframe")) == 2)
    titles = []
    for frame in d.all(".preview iframe"):
        d.driver.switch_to.frame(frame)
        try:
            WebDriverWait(d.driver, 10).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "h1"))
            titles.append(d.driver.find_element(By.CSS_SELECTOR, "h1").text)
        finally:
            d.driver.switch_to.default_content()
    if len(titles) != 2 or not all(titles) or titles[0] != titles[1]:
        fail(f"paywall preview of {name}: the frames' headings are {titles}")
    passed(f"paywall-preview: {name} framed at phone and desktop widths, headed {titles[0]!r}")
    d.check_page("paywall-preview")


def check_offers(d):
    """The offers page lists the example's introductory offer and free trial, each row's redemptions as the
    metrics API's `offers` series sums them over the page's range."""
    d.get(f"/dashboard/apps/{APP}/offers")
    form = d.find("form#range")
    bounds = {name: d.find(f"input[name={name}]", form).get_attribute("value") for name in ("from", "to")}
    query = urllib.parse.urlencode({"from": bounds["from"], "to": bounds["to"], "interval": "day"})
    sums = {}
    for point in d.api(f"/v1/admin/metrics/offers?{query}")["points"]:
        for key, value in point["values"].items():
            sums[key] = sums.get(key, 0) + value
    rows = {}
    for row in d.all("table#offers tbody tr"):
        kind, offer, redemptions = (cell.text.strip() for cell in d.all("td", within=row)[:3])
        rows[f"{kind.replace(' ', '_')}:{offer}"] = int(re.sub(r"\D", "", redemptions))
    expected = {key[:-len(".redemptions")]: value for key, value in sums.items() if key.endswith(".redemptions")}
    if rows != expected:
        fail(f"offers ({bounds['from']}…{bounds['to']}): the page shows {rows}, the metrics API's redemptions are {expected}")
    if len(rows) < 2:
        fail(f"offers: {rows}, not the introductory offer and the free trial check-dashboard.sh's customers took")
    passed(f"offers: {rows} as the metrics API counts them")
    d.check_page("offers")


def check_reconciliation(d):
    """A Summary Sales Report for today (Pacific time) counting 9 units of pro.yearly, uploaded on the
    reconciliation page: Perennial recorded fewer, so the page lists that day's difference on the store's side."""
    d.get(f"/dashboard/apps/{APP}/reconciliation")
    d.check_page("reconciliation")
    # Files over the server's limit are stopped in the page, saying why, rather than sent to be refused.
    limit = int(d.find("form#reconcile").get_attribute("data-max-bytes"))
    with tempfile.NamedTemporaryFile("wb", suffix=".txt", prefix="too-large-", delete=False) as large:
        large.truncate(limit + 1)
    try:
        d.find("input#reports").send_keys(large.name)
        d.find("form#reconcile button[type=submit]").click()
        message = d.wait("the size message", expected_conditions.visibility_of_element_located((By.CSS_SELECTOR, "[data-size-message]")))
        if "MB" not in message.text or d.path() != f"/dashboard/apps/{APP}/reconciliation" or d.all("h2#report-1"):
            fail(f"reconciliation: a file over {limit} bytes was not stopped in the page: {message.text!r}")
        passed(f"reconciliation: a file over the {limit}-byte limit is stopped in the page: {message.text!r}")
    finally:
        os.unlink(large.name)
    d.get(f"/dashboard/apps/{APP}/reconciliation")
    day = datetime.datetime.now(zoneinfo.ZoneInfo("America/Los_Angeles")).strftime("%m/%d/%Y")
    columns = ["Provider", "Provider Country", "SKU", "Developer", "Title", "Version", "Product Type Identifier", "Units",
               "Developer Proceeds", "Begin Date", "End Date", "Customer Currency", "Country Code", "Currency of Proceeds",
               "Apple Identifier", "Customer Price", "Promo Code", "Parent Identifier", "Subscription", "Period", "Category",
               "CMB", "Device", "Supported Platforms", "Proceeds Reason", "Preserved Pricing", "Client", "Order Type"]
    values = {"Provider": "APPLE", "Provider Country": "US", "SKU": "pro.yearly", "Developer": "Example Labs", "Title": "Pro (yearly)",
              "Product Type Identifier": "IAY", "Units": "9", "Developer Proceeds": "34.99", "Begin Date": day, "End Date": day,
              "Customer Currency": "USD", "Country Code": "US", "Currency of Proceeds": "USD", "Apple Identifier": "6400000002",
              "Customer Price": "49.99", "Parent Identifier": "com.example.perennial", "Subscription": "New", "Period": "1 Year",
              "Category": "Productivity", "Device": "iPhone", "Supported Platforms": "iOS"}
    with tempfile.NamedTemporaryFile("w", suffix=".txt", prefix="sales-", delete=False) as report:
        report.write("\t".join(columns) + "\n" + "\t".join(values.get(column, "") for column in columns) + "\n")
    try:
        form = d.find("form#reconcile")
        d.find("input#reports", form).send_keys(report.name)
        d.submit(d.find("button[type=submit]", form))
    finally:
        os.unlink(report.name)
    d.wait("the report's comparison", expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "h2#report-1")))
    rows = [[cell.text for cell in d.all("td", within=row)] for row in d.all("table.reconciliation-differences tr[data-side=store]")]
    yearly = [row for row in rows if row[2] == "pro.yearly"]
    if not yearly or yearly[0][4] != "9" or int(yearly[0][5]) >= 9:
        fail(f"reconciliation: the report's 9 units of pro.yearly on {day} are not a difference on the store's side: {rows}")
    passed(f"reconciliation: the uploaded report's pro.yearly, store 9, Perennial {yearly[0][5]}, is listed as a difference")
    d.check_page("reconciliation-result")


def check_access_page(d, email):
    """The people page's "Change access" link of `email` opens a form with their role chosen; nothing is saved."""
    row = next((row for row in d.all("table#users tbody tr") if email in row.text), None)
    if row is None:
        fail(f"users: no row for {email}")
    d.find("a[href^='/dashboard/users/']", within=row).click()
    WebDriverWait(d.driver, 10).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "form#change-access"))
    role = Select(d.find("select#access-role")).first_selected_option.text
    if email not in d.find("main").text or not role:
        fail(f"access page of {email}: it does not name them, or no role is chosen")
    passed(f"user-access: {email}'s access page shows the role {role}")
    d.check_page("user-access")


def check_refused(d, path, name):
    d.get(path)
    status = d.status(path)
    if status != 403:
        fail(f"{name}: {path} answered {status}, not 403")
    if d.heading() != "Not allowed":
        fail(f"{name}: {path}'s h1 is {d.heading()!r}, not 'Not allowed'")
    if d.all("table#users, table#customers"):
        fail(f"{name}: {path} refused, yet shows its table")
    passed(f"{name}: {path} is refused (403, 'Not allowed')")
    d.check_page(f"refused-{name}", allowed_status=(403,))


def check_as_owner(d, owner, customer, original_transaction_id, emails):
    """Everything the owner may do; returns the customer page's path."""
    d.get(OVERVIEW)
    if d.path() != LOGIN:
        fail(f"{OVERVIEW} without a session answered {d.path()}, not a redirect to {LOGIN}")
    passed(f"{OVERVIEW} without a session redirects to {LOGIN}")
    d.check_page("login")
    check_keyboard(d)
    check_owner_sign_in(d, *owner)
    d.check_page("overview")
    check_overview_figures(d)
    at_phone_width(d, OVERVIEW, "overview-phone")
    d.get(CUSTOMERS)
    d.check_page("customers")
    search(d, customer, customer, "search-app-user-id")
    d.submit(search(d, original_transaction_id, customer, "search-original-transaction-id"))
    customer_path = d.path()
    check_customer_page(d, customer, "customer")
    at_phone_width(d, customer_path, "customer-phone")
    check_grant_offer(d, customer_path)
    check_dead_letters(d)
    check_offers(d)
    check_reconciliation(d)
    for section in ("retention", "payouts", "paywalls", "notifications", "webhooks", "health"):
        d.get(f"/dashboard/apps/{APP}/{section}")
        if d.heading() in ("Not allowed", "Not found", "Something went wrong"):
            fail(f"{section}: the owner's page answered {d.heading()!r}")
        d.check_page(section)
    check_paywall_preview(d)
    d.get("/dashboard/account")
    d.find("form#change-password")
    d.check_page("account")
    check_table(d, AUDIT, "table#audit", [owner[0]], "audit")   # the grant and the retry, under the person's name
    check_table(d, USERS, "table#users", emails, "users")
    check_access_page(d, emails[-1])
    sign_out(d, "owner")
    return customer_path


def check_as_support(d, support, customer, customer_path):
    sign_in(d, *support)
    passed(f"signed in as {support[0]} (support), at {d.path()}")
    check_refused(d, USERS, "support-users")
    d.get(customer_path)
    check_customer_page(d, customer, "customer-support")
    check_store_action_form(d)
    sign_out(d, "support")


def check_as_viewer(d, viewer):
    sign_in(d, *viewer)
    passed(f"signed in as {viewer[0]} (viewer), at {d.path()}")
    d.get(OVERVIEW)
    d.check_page("overview-viewer")
    check_overview_figures(d)
    check_refused(d, CUSTOMERS, "viewer-customers")
    sign_out(d, "viewer")


def at_phone_width(d, path, name):
    d.driver.set_window_size(*PHONE)
    d.get(path)
    d.check_page(name)
    d.driver.set_window_size(*DESKTOP)
    d.get(path)


def credentials(text):
    email, _, password = text.partition(":")
    if not email or len(password) < 12:
        raise argparse.ArgumentTypeError("expected EMAIL:PASSWORD, the password at least 12 characters")
    return email, password


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--perennial", required=True, help="Perennial's base URL (API and dashboard)")
    parser.add_argument("--simulator", required=True, help="the store simulator's base URL")
    parser.add_argument("--screenshots", required=True, help="the folder for the screenshots")
    parser.add_argument("--customer", default="ada", help="an App Store customer's app user id")
    for role in ("owner", "support", "viewer"):
        parser.add_argument(f"--{role}", required=True, type=credentials, metavar="EMAIL:PASSWORD")
    arguments = parser.parse_args()
    customer = arguments.customer
    with urllib.request.urlopen(f"{arguments.simulator}/simulator/accounts/{customer}?bundle_id=com.example.perennial", timeout=15) as response:
        held = json.load(response)["subscriptions"]
    if not held:
        fail(f"the simulator's App Store has no subscription for {customer}")
    original_transaction_id = held[0]["original_transaction_id"]

    d = Dashboard(arguments.perennial, arguments.screenshots)
    try:
        customer_path = check_as_owner(d, arguments.owner, customer, original_transaction_id,
                                       [arguments.owner[0], arguments.support[0], arguments.viewer[0]])
        check_as_support(d, arguments.support, customer, customer_path)
        check_as_viewer(d, arguments.viewer)
    finally:
        d.driver.quit()
    print(f"dashboard: passed ({d.shots} pages checked)")


if __name__ == "__main__":
    main()
