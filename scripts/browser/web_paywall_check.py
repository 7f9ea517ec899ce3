#!/usr/bin/env python3
"""The web paywall in headless Chromium: renders at phone and desktop widths (a screenshot of each), passes
axe-core's accessibility checks, works by keyboard alone, logs no console error, and its button reaches the
Stripe simulator's checkout; once the simulated customer pays, the app user id has the `pro` entitlement and
the page says so. Exits non-zero on the first failure, saying what failed."""
import argparse
import json
import sys
import time
import urllib.request

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

PUBLIC_KEY = "pk_example_0123456789"
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}


def fail(message):
    print(f"web paywall: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path="/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(60)
    return driver


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def check_accessibility(driver, name):
    axe = Axe(driver)
    axe.inject()
    # The tags axe-core 3.1 (axe-selenium-python's) knows: an unknown one makes its run fail without answering.
    results = axe.run(options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "best-practice"]}})
    if results["violations"]:
        summary = "; ".join(f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes)" for v in results["violations"])
        fail(f"{name}: axe-core found {len(results['violations'])} violations: {summary}")
    print(f"web paywall: {name}: axe-core passes ({len(results['passes'])} rules)")


def customer(perennial, app_user_id):
    request = urllib.request.Request(f"{perennial}/v1/customers/{app_user_id}", headers={"Authorization": f"Bearer {PUBLIC_KEY}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--perennial", required=True)
    parser.add_argument("--simulator", required=True)
    parser.add_argument("--screenshots", required=True)
    arguments = parser.parse_args()
    app_user_id = f"web-visitor-{int(time.time())}"
    url = f"{arguments.perennial}/p/example/onboarding?app_user_id={app_user_id}&locale=en-US"
    driver = browser()
    try:
        for name, (width, height) in WIDTHS.items():
            driver.set_window_size(width, height)
            driver.get(url)
            heading = driver.find_element(By.TAG_NAME, "h1").text
            if heading != "Unlock Pro":
                fail(f"{name}: the heading is {heading!r}, not the paywall's title")
            labels = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "label.package")]
            if len(labels) != 2 or "$9.99" not in labels[0] or "$49.99" not in labels[1] or "$4.17 a month" not in labels[1]:
                fail(f"{name}: the packages shown are {labels!r}; monthly at $9.99 and annual at $49.99 ($4.17 a month) were expected")
            document_width = driver.execute_script("return document.documentElement.scrollWidth")
            if document_width > width:
                fail(f"{name}: the page is {document_width}px wide in a {width}px window (it scrolls sideways)")
            path = f"{arguments.screenshots}/web-paywall-{name}.png"
            driver.save_screenshot(path)
            print(f"web paywall: {name}: rendered, saved {path}")
            check_accessibility(driver, name)
            errors = console_errors(driver)
            if errors:
                fail(f"{name}: the console logged errors: {errors}")

        # By keyboard alone: Tab reaches the plan chosen first (annual), the arrow key chooses monthly, Tab
        # reaches the button, Enter submits.
        driver.set_window_size(*WIDTHS["phone"])
        driver.get(url)
        body = driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.TAB)
        focused = driver.switch_to.active_element
        if focused.get_attribute("type") != "radio" or focused.get_attribute("value") != "annual":
            fail(f"the first Tab stop is {focused.tag_name} {focused.get_attribute('value')!r}, not the annual plan")
        focused.send_keys(Keys.UP)
        focused = driver.switch_to.active_element
        if focused.get_attribute("value") != "monthly" or not focused.is_selected():
            fail("the arrow key did not choose the monthly plan")
        focused.send_keys(Keys.TAB)
        button = driver.switch_to.active_element
        if button.tag_name != "button":
            fail(f"the second Tab stop is {button.tag_name}, not the button")
        button.send_keys(Keys.ENTER)
        WebDriverWait(driver, 15).until(expected_conditions.url_contains("/simulator/stripe/checkout/"))
        print(f"web paywall: the button reached the Stripe simulator's checkout: {driver.current_url}")
        driver.save_screenshot(f"{arguments.screenshots}/web-paywall-checkout.png")

        # The customer pays on the simulated checkout; the purchase comes back as an entitlement.
        driver.find_element(By.TAG_NAME, "button").click()
        deadline = time.time() + 20
        entitlements = []
        while time.time() < deadline:
            entitlements = [e.get("identifier") for e in customer(arguments.perennial, app_user_id).get("entitlements", [])]
            if "pro" in entitlements:
                break
            time.sleep(0.5)
        if "pro" not in entitlements:
            fail(f"after paying, {app_user_id} has entitlements {entitlements!r}, not pro")
        print(f"web paywall: {app_user_id} bought on the web and has pro")
        driver.get(url)
        if driver.find_element(By.TAG_NAME, "h1").text != "You already have access":
            fail("the paywall still sells to a customer who has access")
        driver.save_screenshot(f"{arguments.screenshots}/web-paywall-subscribed.png")
        check_accessibility(driver, "subscribed")
    finally:
        driver.quit()
    print("web paywall: passed")


if __name__ == "__main__":
    main()
