#!/usr/bin/env python3
"""Wish With Me's web pages in a real browser, end to end: `hearth serve --app wishwithme`
(pages at the root) on a throwaway data directory, a small product page on loopback for
"add an item by URL", and headless Chromium driven by Selenium as two people, each with a
browser profile of their own:

  a. the owner registers, sees the empty state, creates the wishlist "Birthday";
  b. adds an item by hand and one by the product page's URL, which shows a status at once
     and is resolved to "Blue kettle" a moment later;
  c. makes a share link for marking, shown with its URL and a QR image;
  d. the friend opens the link signed out, registers from there and lands on the wishlist;
  e. the friend marks "Desk lamp" and sees it marked, one fewer free;
  f. the owner sees no trace of the mark; the friend's bookmarks list the wishlist;
  g. the owner revokes the link: the friend gets a not-found page and loses the bookmark;
  h. a Russian browser gets Russian pages, and so does the owner after choosing Russian;
  i. the session cookie is HttpOnly and SameSite=Lax, scripts are limited by the page's
     Content-Security-Policy, and a form post without the CSRF field is refused;
  j. screenshots of the main pages, at desktop and phone width, go to the screenshots
     directory (docs/screenshots unless --screenshots says otherwise).

Every step checks what a person would see; the first that fails prints the page's URL and
text, saves failure-<step>.png beside the screenshots and exits 1. scripts/test.sh runs it
in a whole run.

  python3 scripts/browser-check.py --binary .build/debug/hearth [--screenshots DIR]

Needs the Debian packages chromium and chromium-driver. Selenium comes from PyPI, pinned,
into a virtual environment under ${TMPDIR:-/tmp} made on first use (like scripts/fuzz.sh's
schemathesis); the script re-runs itself there.
"""
import argparse
import glob
import http.server
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SELENIUM_VERSION = "4.51.0"  # 4.52.0 needs a certifi newer than the registry here has


def ensure_selenium():
    """Re-runs this script in a venv with Selenium unless a Selenium 4 is importable."""
    try:
        import selenium
        if selenium.__version__.startswith("4."):
            return
    except ImportError:
        pass
    if os.environ.get("HEARTH_BROWSER_CHECK_VENV"):
        sys.exit("browser check FAILED: Selenium %s is not importable in %s" % (SELENIUM_VERSION, sys.executable))
    venv = os.path.join(os.environ.get("TMPDIR") or "/tmp", "hearth-selenium-" + SELENIUM_VERSION)
    python = os.path.join(venv, "bin", "python")
    probe = [python, "-c", "import selenium, sys; sys.exit(selenium.__version__ != %r)" % SELENIUM_VERSION]
    if not os.path.exists(python) or subprocess.run(probe, stderr=subprocess.DEVNULL).returncode != 0:
        print("browser check: installing selenium==%s into %s" % (SELENIUM_VERSION, venv), flush=True)
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--quiet", "selenium==" + SELENIUM_VERSION], check=True)
    os.environ["HEARTH_BROWSER_CHECK_VENV"] = "1"
    os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])


if __name__ == "__main__":
    ensure_selenium()

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException, WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

sys.path.insert(0, HERE)
from hearth_process import Server, Violation, free_port  # noqa: E402

WAIT = 20  # seconds, the most any one wait on the page takes
DESKTOP = (1280, 900)
PHONE = (390, 844)
UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"

OWNER = {"name": "Olga Owner", "email": "olga.owner@example.com", "password": "owner's long password"}
FRIEND = {"name": "Fyodor Friendly", "email": "fyodor.friendly@example.com", "password": "friend's long password"}

PRODUCT_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Blue kettle | Test shop</title>
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Product", "name": "Blue kettle",
 "description": "A 1.7 l electric kettle, blue.",
 "offers": {"@type": "Offer", "price": 2490, "priceCurrency": "RUB", "availability": "https://schema.org/InStock"}}
</script></head>
<body><h1>Blue kettle</h1><p>2490 RUB</p></body></html>
"""


class CheckFailed(Exception):
    """A step saw something other than what a person should see."""

    def __init__(self, message, driver=None):
        super().__init__(message)
        self.driver = driver


# --- the product page server ---------------------------------------------------------------

class ProductShop:
    """A loopback HTTP server with one product page at /kettle. Its answers wait (at most
    10 s, under the resolver's 15 s budget) until `release()`, so the check can see the item
    unresolved first whatever the timing."""

    def __init__(self):
        self.gate = threading.Event()
        self.hits = 0
        shop = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                shop.hits += 1
                shop.gate.wait(10)
                if self.path.split("?")[0] != "/kettle":
                    self.send_error(404)
                    return
                body = PRODUCT_PAGE.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = "http://127.0.0.1:%d/kettle" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def release(self):
        self.gate.set()

    def stop(self):
        self.gate.set()
        self.server.shutdown()
        self.server.server_close()


# --- browsers ------------------------------------------------------------------------------

def browser(chromium, chromedriver, profile_dir, log_path, language="en-US"):
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--user-data-dir=" + profile_dir, "--window-size=%d,%d" % DESKTOP, "--lang=" + language,
                 "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                 "--disable-background-networking", "--disable-sync", "--disable-component-update",
                 "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": language if language.startswith("en") else language + ",en"})
    driver = webdriver.Chrome(service=Service(executable_path=chromedriver, log_output=log_path), options=options)
    driver.set_page_load_timeout(WAIT)
    return driver


def path_of(driver):
    return urllib.parse.urlparse(driver.current_url).path


def page_text(driver, limit=800):
    try:
        text = driver.find_element(By.TAG_NAME, "body").text
    except WebDriverException:
        text = driver.page_source
    text = re.sub(r"\s+", " ", text).strip()
    return text[:limit] + ("…" if len(text) > limit else "")


def wait_for(driver, what, condition, seconds=WAIT):
    """`condition(driver)`'s first truthy value within `seconds`; CheckFailed naming `what`.
    WebDriver errors count as "not yet": while a page is replaced, elements of the old one
    answer with stale-element or inspector errors (the last one is in the message)."""
    errors = []

    def attempt(d):
        try:
            return condition(d)
        except (NoSuchElementException, StaleElementReferenceException):
            return False
        except WebDriverException as error:
            errors.append(error)
            return False
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.1).until(attempt)
    except TimeoutException:
        last = " (last WebDriver error: %s)" % str(errors[-1]).strip().splitlines()[0] if errors else ""
        raise CheckFailed("waited %d s for %s%s" % (seconds, what, last), driver)


def element(driver, css, within=None):
    """The visible element `css` (inside `within`), waited for."""
    scope = within or driver
    return wait_for(driver, "a visible `%s`" % css,
                    lambda d: next((e for e in scope.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()), None))


def present(driver, css, within=None):
    return (within or driver).find_elements(By.CSS_SELECTOR, css)


def fill(driver, form, name, value):
    field = element(driver, "[name='%s']" % name, form)
    if field.tag_name == "select":
        Select(field).select_by_value(value)
    else:
        field.clear()
        field.send_keys(value)


def submit(driver, form, button_css="button[type=submit]"):
    """Clicks the form's submit button and waits for the next page to replace this one."""
    old = driver.find_element(By.TAG_NAME, "html")
    element(driver, button_css, form).click()
    wait_for(driver, "the page after submitting the form to load", EC.staleness_of(old))
    wait_for(driver, "the page after submitting the form to load",
             lambda d: d.execute_script("return document.readyState") == "complete")


def open_page(driver, url):
    driver.get(url)
    wait_for(driver, "%s to load" % url, lambda d: d.execute_script("return document.readyState") == "complete")


def expect_path(driver, pattern, what):
    return wait_for(driver, "%s (a URL path matching %s; the browser is at %s)" % (what, pattern, driver.current_url),
                    lambda d: re.fullmatch(pattern, path_of(d)))


def items(driver):
    """{title: li.item element} of the wishlist page."""
    found = {}
    for li in present(driver, "li.item[data-item-id]"):
        titles = present(driver, ".item-title", li)
        found[titles[0].text.strip() if titles else ""] = li
    return found


def item(driver, title):
    return wait_for(driver, "an item `li.item` whose `.item-title` is %r (items: %s)" % (title, list(items(driver))),
                    lambda d: items(d).get(title))


def free_count(driver, li, title):
    text = element(driver, ".item-free", li).text
    number = re.search(r"\d+", text)
    if not number:
        raise CheckFailed("`.item-free` of %r has no number: %r" % (title, text), driver)
    return int(number.group())


def html_lang(driver):
    return driver.find_element(By.TAG_NAME, "html").get_attribute("lang")


def screenshot(driver, directory, name, size=DESKTOP, phone=False):
    """`name`.png of the whole page in a viewport of `size` (CSS pixels, scale 1): exactly
    that size, or as tall as the page when it is longer. The page is reloaded in that
    viewport so media queries and a phone's viewport meta apply from the start."""
    width, height = size
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        open_page(driver, driver.current_url)
        page_height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
        if page_height > height:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", dict(metrics, height=page_height))
        path = os.path.join(directory, name + ".png")
        if not driver.save_screenshot(path):
            raise CheckFailed("could not save the screenshot %s" % path, driver)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return path


# --- HTTP outside the browser --------------------------------------------------------------

class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def fetch(url, method="GET", data=None, headers=None):
    """(status, headers, body text) without following redirects."""
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    opener = urllib.request.build_opener(NoRedirects)
    try:
        with opener.open(request, timeout=WAIT) as response:
            return response.status, response.headers, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode(errors="replace")


# --- the steps -------------------------------------------------------------------------------

class Check:
    def __init__(self, args, base, shop, chromium, chromedriver, work):
        self.args, self.base, self.shop, self.work = args, base, shop, work
        self.chromium, self.chromedriver = chromium, chromedriver
        self.shots = args.screenshots
        self.drivers = []
        self.owner = self.new_browser("owner")
        self.friend = self.new_browser("friend")
        self.current = self.owner
        self.wishlist_id = None
        self.share_url = None

    def new_browser(self, who, language="en-US"):
        profile = os.path.join(self.work, "profile-" + who)
        os.makedirs(profile)
        driver = browser(self.chromium, self.chromedriver, profile, profile + "-chromedriver.log", language)
        self.drivers.append(driver)
        return driver

    def quit(self):
        for driver in self.drivers:
            try:
                driver.quit()
            except Exception:
                pass

    def use(self, driver):
        self.current = driver
        return driver

    def url(self, path):
        return self.base + path

    def register(self, driver, person):
        form = element(driver, "form#register-form")
        fill(driver, form, "name", person["name"])
        fill(driver, form, "email", person["email"])
        fill(driver, form, "password", person["password"])
        submit(driver, form)

    def signed_in_nav(self, driver, who):
        nav = element(driver, "nav")
        paths = {urllib.parse.urlparse(a.get_attribute("href") or "").path for a in present(driver, "a", nav)}
        missing = [p for p in ["/wishlists", "/bookmarks", "/profile", "/settings"] if p not in paths]
        if missing:
            raise CheckFailed("the %s's `nav` has no link to %s (its links: %s)" % (who, missing, sorted(paths)), driver)
        element(driver, "form#logout-form button[type=submit], form#logout-form input[type=submit]")

    # a
    def step_owner_sees_the_login_page(self):
        owner = self.use(self.owner)
        open_page(owner, self.url("/login"))
        form = element(owner, "form#login-form")
        for name in ["email", "password"]:
            element(owner, "input[name='%s']" % name, form)
        screenshot(owner, self.shots, "login")

    def step_owner_registers_and_sees_the_empty_state(self):
        owner = self.use(self.owner)
        open_page(owner, self.url("/register"))
        self.register(owner, OWNER)
        expect_path(owner, r"/wishlists/?", "the owner to land on /wishlists after registering")
        element(owner, ".empty")
        if present(owner, "ul#wishlists li a.wishlist-link"):
            raise CheckFailed("a new owner's /wishlists lists wishlists already", owner)
        self.signed_in_nav(owner, "owner")

    def step_owner_creates_the_wishlist(self):
        owner = self.use(self.owner)
        form = element(owner, "form#create-wishlist-form")
        fill(owner, form, "name", "Birthday")
        fill(owner, form, "description", "Things for my birthday in May")
        submit(owner, form)
        match = expect_path(owner, r"/wishlists/(%s)" % UUID, "the owner to land on the new wishlist's page")
        self.wishlist_id = match.group(1)
        heading = element(owner, "h1").text.strip()
        if heading != "Birthday":
            raise CheckFailed("the new wishlist's `h1` is %r, not 'Birthday'" % heading, owner)

    def step_owner_lists_one_wishlist(self):
        owner = self.use(self.owner)
        open_page(owner, self.url("/wishlists"))
        links = wait_for(owner, "`ul#wishlists li a.wishlist-link`",
                         lambda d: present(d, "ul#wishlists li a.wishlist-link"))
        names = [a.text.strip() for a in links]
        if names != ["Birthday"]:
            raise CheckFailed("/wishlists lists %r, expected ['Birthday']" % names, owner)
        if any(e.is_displayed() for e in present(owner, ".empty")):
            raise CheckFailed("/wishlists still shows the empty state `.empty` beside a wishlist", owner)
        screenshot(owner, self.shots, "wishlists")
        old = owner.find_element(By.TAG_NAME, "html")
        present(owner, "ul#wishlists li a.wishlist-link")[0].click()
        wait_for(owner, "the wishlist link to open a page", EC.staleness_of(old))
        expect_path(owner, r"/wishlists/%s" % self.wishlist_id, "the wishlist link to lead to the wishlist's page")

    # b
    def step_owner_adds_an_item_by_hand(self):
        owner = self.use(self.owner)
        form = element(owner, "form#add-item-form")
        fill(owner, form, "title", "Desk lamp")
        fill(owner, form, "price", "1990")
        fill(owner, form, "currency", "RUB")
        fill(owner, form, "quantity", "2")
        submit(owner, form)
        expect_path(owner, r"/wishlists/%s" % self.wishlist_id, "the owner to stay on the wishlist after adding an item")
        li = item(owner, "Desk lamp")
        text = li.text
        if not re.search(r"1[\s\u00a0\u202f,.]?990", text):
            raise CheckFailed("the item 'Desk lamp' does not show its price 1990: %r" % text, owner)

    def step_owner_adds_an_item_by_url_that_resolves(self):
        owner = self.use(self.owner)
        before = {li.get_attribute("data-item-id") for li in present(owner, "li.item[data-item-id]")}
        form = element(owner, "form#add-item-form")
        fill(owner, form, "source_url", self.shop.url)
        submit(owner, form)
        expect_path(owner, r"/wishlists/%s" % self.wishlist_id, "the owner to stay on the wishlist after adding a URL")
        new = [li for li in present(owner, "li.item[data-item-id]") if li.get_attribute("data-item-id") not in before]
        if len(new) != 1:
            raise CheckFailed("after adding %s the page shows %d new `li.item[data-item-id]` (expected 1)" % (self.shop.url, len(new)), owner)
        item_id = new[0].get_attribute("data-item-id")
        selector = "li.item[data-item-id='%s']" % item_id

        def item_state():
            # The page script swaps the items in place as the feed moves: find them afresh each time.
            try:
                found = present(owner, selector)
                if not found:
                    return "gone", "", ""
                item = found[0]
                return (item.find_element(By.CSS_SELECTOR, ".item-status[data-status]").get_attribute("data-status"),
                        item.find_element(By.CSS_SELECTOR, ".item-title").text.strip(), item.text)
            except StaleElementReferenceException:
                return "refreshing", "", ""

        status, _, _ = item_state()
        while status == "refreshing":
            status, _, _ = item_state()
        if status not in ("pending", "in_progress"):
            hint = ""
            if status == "error" and self.shop.hits == 0:
                hint = "; the resolver gave up without requesting the loopback product page: is HEARTH_OUTBOUND_ALLOW_HOSTS=127.0.0.1 honoured?"
            raise CheckFailed("the URL item's `.item-status` data-status is %r right after adding it (expected pending or "
                              "in_progress: the product page holds its answer until the check has seen that; %d request(s) "
                              "to it so far)%s" % (status, self.shop.hits, hint), owner)
        self.shop.release()
        # No reload: the page's script refreshes the item when the server's feed moves.
        deadline = time.time() + WAIT
        while True:
            status, title, text = item_state()
            if status == "resolved" and title == "Blue kettle":
                break
            if status == "error":
                raise CheckFailed("the URL item's resolution ended in data-status 'error' (title %r; the product page was "
                                  "requested %d time(s); is HEARTH_OUTBOUND_ALLOW_HOSTS=127.0.0.1 honoured?)" % (title, self.shop.hits), owner)
            if time.time() > deadline:
                raise CheckFailed("the URL item %s is still data-status %r, title %r after %d s without a reload: the page "
                                  "script should have refreshed it from the feed events (product page requested %d time(s))"
                                  % (item_id, status, title, WAIT, self.shop.hits), owner)
            time.sleep(0.2)
        if not re.search(r"2[\s\u00a0\u202f,.]?490", text):
            raise CheckFailed("the resolved item 'Blue kettle' does not show the page's price 2490: %r" % text, owner)

    # c
    def step_owner_creates_a_share_link_with_qr(self):
        owner = self.use(self.owner)
        form = element(owner, "form#share-form")
        Select(element(owner, "select[name=link_type]", form)).select_by_value("mark")
        submit(owner, form)
        expect_path(owner, r"/wishlists/%s" % self.wishlist_id, "the owner to stay on the wishlist after sharing it")
        share = element(owner, "li.share")
        field = element(owner, "input.share-url", share)
        self.share_url = field.get_attribute("value") or ""
        if not re.fullmatch(re.escape(self.base) + r"/s/[A-Za-z0-9_-]{16,}", self.share_url):
            raise CheckFailed("`input.share-url` holds %r, not a full URL %s/s/<token>" % (self.share_url, self.base), owner)
        if field.get_attribute("readonly") is None:
            raise CheckFailed("`input.share-url` is not readonly", owner)
        qr = element(owner, "img.share-qr", share)
        src = qr.get_attribute("src") or ""
        if not src.startswith("data:image/png;base64,"):
            raise CheckFailed("`img.share-qr` src starts %r, not data:image/png;base64," % src[:40], owner)
        width = wait_for(owner, "the QR image to load (naturalWidth > 0)",
                         lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", qr))
        if width < 21:
            raise CheckFailed("the QR image is %d px wide" % width, owner)
        element(owner, "form.revoke-share", share)
        screenshot(owner, self.shots, "wishlist-owner")
        screenshot(owner, self.shots, "wishlist-owner-phone", PHONE, phone=True)

    # d
    def step_friend_opens_the_link_signed_out_and_registers(self):
        friend = self.use(self.friend)
        open_page(friend, self.share_url)
        token_path = urllib.parse.urlparse(self.share_url).path
        for css in ["a#sign-in-to-open", "a#register-to-open"]:
            href = element(friend, css).get_attribute("href") or ""
            nexts = urllib.parse.parse_qs(urllib.parse.urlparse(href).query).get("next")
            if nexts != [token_path]:
                raise CheckFailed("`%s` links to %r; its next should be %r" % (css, href, token_path), friend)
        if items(friend):
            raise CheckFailed("the signed-out share page shows items: %s" % list(items(friend)), friend)
        old = friend.find_element(By.TAG_NAME, "html")
        element(friend, "a#register-to-open").click()
        wait_for(friend, "the register page to open", EC.staleness_of(old))
        expect_path(friend, r"/register/?", "a#register-to-open to lead to /register")
        self.register(friend, FRIEND)
        expect_path(friend, r"/wishlists/%s" % self.wishlist_id, "the friend to land back on the shared wishlist after registering")
        heading = element(friend, "h1").text.strip()
        if heading != "Birthday":
            raise CheckFailed("the shared wishlist's `h1` is %r, not 'Birthday'" % heading, friend)
        lamp, kettle = item(friend, "Desk lamp"), item(friend, "Blue kettle")
        if free_count(friend, lamp, "Desk lamp") != 2:
            raise CheckFailed("'Desk lamp' (quantity 2, none marked) shows `.item-free` %r" % element(friend, ".item-free", lamp).text, friend)
        if free_count(friend, kettle, "Blue kettle") < 1:
            raise CheckFailed("'Blue kettle' shows no free units: %r" % element(friend, ".item-free", kettle).text, friend)
        element(friend, "form.mark-item", lamp)
        for css in ["form#add-item-form", "form#share-form", "form.delete-item", "li.share", "form.revoke-share"]:
            if present(friend, css):
                raise CheckFailed("the friend (a viewer) sees the owner's `%s`" % css, friend)
        self.signed_in_nav(friend, "friend")

    # e
    def step_friend_marks_the_desk_lamp(self):
        friend = self.use(self.friend)
        submit(friend, element(friend, "form.mark-item", item(friend, "Desk lamp")))
        expect_path(friend, r"/wishlists/%s" % self.wishlist_id, "the friend to stay on the wishlist after marking")
        lamp = item(friend, "Desk lamp")
        element(friend, ".my-mark", lamp)
        element(friend, "form.unmark-item", lamp)
        if free_count(friend, lamp, "Desk lamp") != 1:
            raise CheckFailed("after marking 1 of 2, 'Desk lamp' shows `.item-free` %r (expected 1)" % element(friend, ".item-free", lamp).text, friend)
        kettle = item(friend, "Blue kettle")
        if present(friend, ".my-mark", kettle):
            raise CheckFailed("'Blue kettle' shows `.my-mark` though only 'Desk lamp' was marked", friend)
        screenshot(friend, self.shots, "shared-wishlist-friend")
        screenshot(friend, self.shots, "shared-wishlist-friend-phone", PHONE, phone=True)

    # f
    def step_owner_sees_no_trace_of_the_mark(self):
        owner = self.use(self.owner)
        open_page(owner, self.url("/wishlists/%s" % self.wishlist_id))
        item(owner, "Desk lamp")
        item(owner, "Blue kettle")
        for css in [".my-mark", ".item-free", "form.mark-item", "form.unmark-item"]:
            if present(owner, css):
                raise CheckFailed("the owner's wishlist page has `%s` (a trace of the friend's mark)" % css, owner)
        source = owner.page_source
        for pattern in [re.escape(FRIEND["name"]), re.escape(FRIEND["email"]), r"(?<![A-Za-z])marked(?![A-Za-z])", "отмечено"]:
            hit = re.search(pattern, source, re.IGNORECASE)
            if hit:
                context = source[max(0, hit.start() - 80):hit.end() + 80].replace("\n", " ")
                raise CheckFailed("the owner's page source contains %r: …%s…" % (hit.group(), context), owner)

    def step_friend_bookmarks_list_the_wishlist(self):
        friend = self.use(self.friend)
        open_page(friend, self.url("/bookmarks"))
        links = wait_for(friend, "`ul#bookmarks li a.bookmark-link`", lambda d: present(d, "ul#bookmarks li a.bookmark-link"))
        names = [a.text.strip() for a in links]
        if names != ["Birthday"]:
            raise CheckFailed("the friend's /bookmarks lists %r, expected ['Birthday']" % names, friend)
        target = urllib.parse.urlparse(links[0].get_attribute("href") or "").path
        if target != "/wishlists/%s" % self.wishlist_id:
            raise CheckFailed("the bookmark links to %r, not /wishlists/%s" % (target, self.wishlist_id), friend)
        screenshot(friend, self.shots, "bookmarks")

    # g
    def step_owner_revokes_the_link(self):
        owner = self.use(self.owner)
        shares = [li for li in present(owner, "li.share")
                  if any(f.get_attribute("value") == self.share_url for f in present(owner, "input.share-url", li))]
        if not shares:
            raise CheckFailed("no `li.share` with `input.share-url` = %s on the owner's page" % self.share_url, owner)
        submit(owner, element(owner, "form.revoke-share", shares[0]))
        expect_path(owner, r"/wishlists/%s" % self.wishlist_id, "the owner to stay on the wishlist after revoking")
        element(owner, "h1")
        if any(f.get_attribute("value") == self.share_url for f in present(owner, "input.share-url")):
            raise CheckFailed("the revoked link %s is still listed in an `input.share-url`" % self.share_url, owner)

    def step_friend_loses_the_revoked_wishlist(self):
        friend = self.use(self.friend)
        for url in [self.url("/wishlists/%s" % self.wishlist_id), self.share_url]:
            open_page(friend, url)
            heading = element(friend, "h1").text.strip()
            if "Not found" not in heading:
                raise CheckFailed("after revocation %s shows `h1` %r, not a not-found page" % (url, heading), friend)
            text = friend.find_element(By.TAG_NAME, "body").text
            shown = [t for t in ["Desk lamp", "Blue kettle"] if t in text] + list(items(friend))
            if shown:
                raise CheckFailed("the not-found page still shows items: %s" % shown, friend)
        open_page(friend, self.url("/bookmarks"))
        element(friend, "h1, main, body")
        names = [a.text.strip() for a in present(friend, "ul#bookmarks li a.bookmark-link")]
        if "Birthday" in names:
            raise CheckFailed("the friend's /bookmarks still lists 'Birthday' after revocation", friend)
        element(friend, ".empty")

    # h
    def step_owner_profile_switches_pages_to_russian(self):
        owner = self.use(self.owner)
        open_page(owner, self.url("/profile"))
        form = element(owner, "form#profile-form")
        if not (html_lang(owner) or "").startswith("en"):
            raise CheckFailed("the owner's /profile (English browser, no locale chosen) has <html lang=%r>" % html_lang(owner), owner)
        screenshot(owner, self.shots, "profile")
        form = element(owner, "form#profile-form")
        Select(element(owner, "select[name=locale]", form)).select_by_value("ru")
        submit(owner, form)
        for path in ["/profile", "/wishlists", "/wishlists/%s" % self.wishlist_id]:
            open_page(owner, self.url(path))
            element(owner, "h1")
            if html_lang(owner) != "ru":
                raise CheckFailed("after choosing ru in /profile, %s has <html lang=%r>" % (path, html_lang(owner)), owner)

    def step_russian_browser_gets_russian_pages(self):
        russian = self.use(self.new_browser("russian", "ru"))
        open_page(russian, self.url("/login"))
        form = element(russian, "form#login-form")
        if html_lang(russian) != "ru":
            raise CheckFailed("/login in a browser asking for ru has <html lang=%r>" % html_lang(russian), russian)
        fill(russian, form, "email", OWNER["email"])
        fill(russian, form, "password", "not the password")
        submit(russian, form)
        element(russian, ".error[role=alert]")
        if html_lang(russian) != "ru":
            raise CheckFailed("the failed sign-in page has <html lang=%r>" % html_lang(russian), russian)
        form = element(russian, "form#login-form")
        fill(russian, form, "email", OWNER["email"])
        fill(russian, form, "password", OWNER["password"])
        submit(russian, form)
        expect_path(russian, r"/wishlists/?", "signing in with the right password to land on /wishlists")
        names = [a.text.strip() for a in present(russian, "ul#wishlists li a.wishlist-link")]
        if names != ["Birthday"]:
            raise CheckFailed("the owner signed in anew sees wishlists %r" % names, russian)
        open_page(russian, self.url("/s/unknown-token-0000000000000000"))
        heading = element(russian, "h1").text.strip()
        if "Не найдено" not in heading:
            raise CheckFailed("an unknown share link in Russian shows `h1` %r, not 'Не найдено'" % heading, russian)

    # i
    def step_session_cookie_is_httponly_and_lax(self):
        for who, driver in [("owner", self.owner), ("friend", self.friend)]:
            self.use(driver)
            open_page(driver, self.url("/bookmarks"))
            cookies = {c["name"]: c for c in driver.get_cookies()}
            cookie = cookies.get("hearth_session")
            if not cookie:
                raise CheckFailed("the %s's browser has no hearth_session cookie (cookies: %s)" % (who, sorted(cookies)), driver)
            if not cookie.get("httpOnly"):
                raise CheckFailed("hearth_session is not HttpOnly: %s" % cookie, driver)
            if cookie.get("sameSite") != "Lax":
                raise CheckFailed("hearth_session has SameSite %r, not Lax" % cookie.get("sameSite"), driver)
            if cookie.get("path") != "/":
                raise CheckFailed("hearth_session has Path %r, not /" % cookie.get("path"), driver)
            if "hearth_session" in driver.execute_script("return document.cookie"):
                raise CheckFailed("document.cookie shows hearth_session", driver)

    def step_csp_allows_only_own_scripts(self):
        status, headers, _ = fetch(self.url("/login"))
        policy = headers.get("Content-Security-Policy")
        if status != 200 or not policy:
            raise CheckFailed("GET /login answered %d with Content-Security-Policy %r" % (status, policy))
        directives = {d.split()[0].lower(): d.split()[1:] for d in policy.split(";") if d.strip()}
        if "'self'" not in directives.get("script-src", []):
            raise CheckFailed("the Content-Security-Policy of /login has no script-src 'self': %r" % policy)
        if "'unsafe-inline'" in policy.lower():
            raise CheckFailed("the Content-Security-Policy of /login allows 'unsafe-inline': %r" % policy)

    def step_post_without_csrf_is_refused(self):
        friend = self.use(self.friend)
        cookie = next((c["value"] for c in friend.get_cookies() if c["name"] == "hearth_session"), None)
        if not cookie:
            raise CheckFailed("the friend's browser has no hearth_session cookie", friend)
        body = urllib.parse.urlencode({"name": "Forged wishlist", "description": "made without the CSRF field"}).encode()
        status, _, text = fetch(self.url("/wishlists"), "POST", body, {
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": "hearth_session=" + cookie,
            "Origin": self.base, "Referer": self.url("/wishlists")})
        if status != 403:
            raise CheckFailed("POST /wishlists without the CSRF field answered %d, not 403: %s" % (status, text[:300]))
        open_page(friend, self.url("/wishlists"))
        element(friend, "form#create-wishlist-form")
        names = [a.text.strip() for a in present(friend, "ul#wishlists li a.wishlist-link")]
        if names:
            raise CheckFailed("the refused POST created something: the friend's /wishlists lists %r" % names, friend)

    def step_friend_signs_out(self):
        friend = self.use(self.friend)
        open_page(friend, self.url("/bookmarks"))
        submit(friend, element(friend, "form#logout-form"), "button[type=submit], input[type=submit]")
        open_page(friend, self.url("/bookmarks"))
        element(friend, "body")
        if present(friend, "form#logout-form") or present(friend, "ul#bookmarks"):
            raise CheckFailed("after signing out, /bookmarks still shows a signed-in page", friend)

    STEPS = [
        "owner_sees_the_login_page",
        "owner_registers_and_sees_the_empty_state",
        "owner_creates_the_wishlist",
        "owner_lists_one_wishlist",
        "owner_adds_an_item_by_hand",
        "owner_adds_an_item_by_url_that_resolves",
        "owner_creates_a_share_link_with_qr",
        "friend_opens_the_link_signed_out_and_registers",
        "friend_marks_the_desk_lamp",
        "owner_sees_no_trace_of_the_mark",
        "friend_bookmarks_list_the_wishlist",
        "owner_revokes_the_link",
        "friend_loses_the_revoked_wishlist",
        "owner_profile_switches_pages_to_russian",
        "russian_browser_gets_russian_pages",
        "session_cookie_is_httponly_and_lax",
        "csp_allows_only_own_scripts",
        "post_without_csrf_is_refused",
        "friend_signs_out",
    ]

    def run(self, only_until=None):
        for number, name in enumerate(self.STEPS, 1):
            started = time.time()
            try:
                getattr(self, "step_" + name)()
            except CheckFailed as failure:
                self.report(name, str(failure), failure.driver or self.current)
                return False
            except (WebDriverException, Violation) as error:
                self.report(name, "%s: %s" % (type(error).__name__, str(error).strip().splitlines()[0] if str(error).strip() else ""), self.current)
                return False
            print("browser check: %2d %s (%.1f s)" % (number, name.replace("_", " "), time.time() - started), flush=True)
            if only_until and name == only_until:
                break
        return True

    def report(self, step, message, driver):
        lines = ["browser check FAILED at step '%s': %s" % (step, message)]
        if driver is not None:
            try:
                lines.append("  page: %s" % driver.current_url)
                lines.append("  text: %s" % page_text(driver))
                path = os.path.join(self.shots, "failure-%s.png" % step)
                driver.save_screenshot(path)
                lines.append("  screenshot: %s" % path)
            except WebDriverException as error:
                lines.append("  (the browser could not be read: %s)" % str(error).strip().splitlines()[0])
        print("\n".join(lines), file=sys.stderr, flush=True)


def find_program(explicit, names):
    for candidate in [explicit] + names:
        if candidate and (os.path.isfile(candidate) or shutil.which(candidate)):
            return candidate if os.path.isfile(candidate) else shutil.which(candidate)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the hearth binary")
    parser.add_argument("--screenshots", default=os.path.join(ROOT, "docs", "screenshots"),
                        help="where the page screenshots (and failure-<step>.png) go; default docs/screenshots")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM"), help="the browser (default: chromium on PATH)")
    parser.add_argument("--chromedriver", default=os.environ.get("CHROMEDRIVER"), help="the driver (default: chromedriver on PATH)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory (server log, browser profiles)")
    args = parser.parse_args()
    chromium = find_program(args.chromium, ["chromium", "chromium-browser", "/usr/lib/chromium/chromium"])
    chromedriver = find_program(args.chromedriver, ["chromedriver", "/usr/lib/chromium/chromedriver"])
    if not chromium or not chromedriver:
        sys.exit("browser check FAILED: chromium and chromedriver are needed (Debian packages chromium, chromium-driver)")
    if not os.path.isfile(args.binary):
        sys.exit("browser check FAILED: no hearth binary at %s" % args.binary)
    args.screenshots = os.path.abspath(args.screenshots)
    os.makedirs(args.screenshots, exist_ok=True)
    for stale in glob.glob(os.path.join(args.screenshots, "failure-*.png")):
        os.remove(stale)

    work = tempfile.mkdtemp(prefix="hearth-browser-check-")
    log_path = os.path.join(work, "server.log")
    shop = ProductShop()
    server = Server(args.binary, "wishwithme", os.path.join(work, "data"), None, free_port(), log_path,
                    env={"HEARTH_OUTBOUND_ALLOW_HOSTS": "127.0.0.1", "HEARTH_BCRYPT_COST": "10"})
    check = None
    ok = False
    try:
        server.start()
        check = Check(args, server.url, shop, chromium, chromedriver, work)
        ok = check.run()
    except (Violation, WebDriverException) as error:
        print("browser check FAILED: %s" % str(error).strip(), file=sys.stderr)
    finally:
        if check:
            check.quit()
        if server.proc and server.proc.poll() is None:
            server.proc.send_signal(signal.SIGTERM)
            try:
                server.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        shop.stop()
        if not ok:
            tail = open(log_path, errors="replace").read()[-3000:] if os.path.exists(log_path) else ""
            if tail.strip():
                print("--- server log (last lines) ---\n%s" % tail, file=sys.stderr)
        if args.keep or not ok:
            print("browser check: work directory kept at %s" % work, file=sys.stderr if not ok else sys.stdout)
        else:
            shutil.rmtree(work, ignore_errors=True)
    if not ok:
        sys.exit(1)
    shots = sorted(os.path.basename(p) for p in glob.glob(os.path.join(args.screenshots, "*.png")))
    print("browser check: OK, %d steps; screenshots in %s: %s" % (len(Check.STEPS), args.screenshots, ", ".join(shots)))


if __name__ == "__main__":
    main()
