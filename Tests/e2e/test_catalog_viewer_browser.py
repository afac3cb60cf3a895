"""The catalog viewer in a real headless Chromium at phone size: the example catalog opened from a
one-time address, paged by keys and by a swipe, the thumbnails shown and used, a hotspot tapped,
two-page spreads in landscape, and the close, each event delivered to a test message handler in
place of the SDK's; then the server's figures. Screenshots are kept in artifacts/."""

import json
import time

import pytest
import requests
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ARTIFACTS, ROOT

EXAMPLE = ROOT / "Server/Examples/catalog/catalog.json"
# Stands in for WKWebView's handler before the page's script runs: the events land in a list.
HANDLER = "window.__events = []; window.webkit = {messageHandlers: {playhouse: {postMessage: function (m) { window.__events.push(m); }}}};"


@pytest.fixture(scope="module")
def viewer_app(playhouse):
    app = playhouse.create_app("Viewer App")
    playhouse.cli("catalog", "import", app["client_id"], str(EXAMPLE))
    token = requests.post(playhouse.base_url + "/oauth/token", data={"grant_type": "client_credentials"},
                          auth=(app["client_id"], app["client_secret"]), timeout=10).json()["access_token"]
    return app, {"Authorization": "Bearer " + token}


def events(browser):
    return browser.execute_script("return window.__events")


def wait_for_event(browser, type, **expected):
    def found(driver):
        for event in reversed(events(driver)):
            if event["type"] == type and all(event["data"].get(k) == v for k, v in expected.items()):
                return event
        return False
    return WebDriverWait(browser, 10).until(found, f"no {type} event with {expected}: {events(browser)}")


def test_the_viewer_pages_zooms_and_reports_to_the_app_and_the_server(playhouse, browser, viewer_app):
    app, headers = viewer_app
    made = requests.post(playhouse.base_url + "/v1/catalogs/netto-uge-48/views", headers=headers, timeout=10)
    assert made.status_code == 201, made.text
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HANDLER})
    browser.set_window_size(390, 844)
    browser.get(made.json()["url"])
    wait_for_event(browser, "opened", catalog_id="netto-uge-48", page_count=4)
    wait_for_event(browser, "page-changed", page=1, page_count=4)
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"catalog-viewer-phone-{playhouse.engine}.png"))

    # Keys, then a swipe to the left.
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait_for_event(browser, "page-changed", page=2, progress=0.5)
    viewed = wait_for_event(browser, "page-viewed", page=1)
    assert viewed["data"]["duration"] > 0
    stage = browser.find_element(By.ID, "stage")
    ActionChains(browser).move_to_element(stage).click_and_hold().move_by_offset(-160, 0).release().perform()
    wait_for_event(browser, "page-changed", page=3)

    # The thumbnails: shown, then a page chosen there.
    browser.find_element(By.ID, "toggle-thumbnails").click()
    wait_for_event(browser, "thumbnails-shown")
    browser.save_screenshot(str(ARTIFACTS / f"catalog-viewer-thumbnails-{playhouse.engine}.png"))
    browser.find_element(By.CSS_SELECTOR, '#thumbnails button[data-page="4"]').click()
    wait_for_event(browser, "page-changed", page=4)
    wait_for_event(browser, "thumbnails-hidden")

    # A hotspot: one of the offers on page 4.
    on_page_4 = {o["id"] for o in json.loads(EXAMPLE.read_text())["offers"] if o.get("catalog") == "netto-uge-48" and o.get("page") == 4}
    spot = browser.find_element(By.CSS_SELECTOR, ".page[data-page='4'] .hotspot")
    spot.click()
    tapped = wait_for_event(browser, "hotspot-tapped", page=4)
    assert tapped["data"]["offer_id"] in on_page_4

    # A tap outside the hotspots, and a double tap that zooms in.
    ActionChains(browser).move_to_element_with_offset(stage, 0, -300).click().perform()
    wait_for_event(browser, "tap", page=4)
    ActionChains(browser).move_to_element(stage).double_click().perform()
    wait_for_event(browser, "double-tap")
    assert "scale(2.5)" in browser.find_element(By.ID, "spread").get_attribute("style")

    # Landscape: two pages side by side.
    browser.set_window_size(844, 390)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    changed = wait_for_event(browser, "page-changed", page=2)
    assert changed["data"]["pages"] == [2, 3]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#spread .page")) == 2
    browser.save_screenshot(str(ARTIFACTS / f"catalog-viewer-landscape-{playhouse.engine}.png"))

    browser.execute_script("window.playhouseViewer.close()")
    wait_for_event(browser, "closed")
    # The server heard of the pages viewed and of the close (the page posts them as they happen, each
    # in a request of its own, so the last pages' reports may arrive after the close's, and still count).
    deadline = time.time() + 10
    while time.time() < deadline:
        stats = json.loads(playhouse.cli("catalog", "stats", app["client_id"], "--json").stdout)
        if stats and stats[0]["closes"] == 1 and stats[0]["page_views"] >= 6:
            break
        time.sleep(0.2)
    assert [(s["catalog_id"], s["opens"], s["closes"]) for s in stats] == [("netto-uge-48", 1, 1)]
    assert stats[0]["page_views"] >= 6

    # The address opened once.
    browser.get(made.json()["url"])
    assert "used or has expired" in browser.page_source
