"""Content placements against the real binary: the example content file imported with the CLI, a
guest's open and its placement's content, the hosted content page in a real headless Chromium
(photographed at phone width and on its side), its call to action unlocking the reward once, the
receipt verified with the published keys, claimed once, and the CLI's explanation and statistics."""

import uuid

import pytest
import requests
from authlib.jose import JsonWebKey, jwt
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ARTIFACTS, ROOT

GUEST = "urn:playhouse:grant-type:guest"


@pytest.fixture(scope="module")
def content_app(playhouse):
    app = playhouse.create_app("Content Game")
    playhouse.cli("currencies", "add", app["client_id"], "KRD", "--kind", "virtual", "--name", "Kredits")
    imported = playhouse.cli("content", "import", app["client_id"], str(ROOT / "Server/Examples/content/content.yaml")).stdout
    assert "Added unit welcome-bonus" in imported and "Added campaign welcome-on-main-menu" in imported
    return app


def guest(playhouse, app, installation):
    answer = requests.post(playhouse.base_url + "/oauth/token", data={"grant_type": GUEST, "installation_id": installation},
                           auth=(app["client_id"], app["client_secret"]), timeout=10)
    assert answer.status_code == 200, answer.text
    return {"Authorization": "Bearer " + answer.json()["access_token"]}


def test_a_guest_takes_the_welcome_reward_on_the_hosted_page_once(playhouse, content_app, browser):
    installation = "e2e-" + uuid.uuid4().hex
    player = guest(playhouse, content_app, installation)
    opened = requests.post(playhouse.base_url + "/v1/opens", headers=player, timeout=10,
                           json={"installation_id": installation, "platform": "ios", "app_version": "2.4.1", "locale": "da-DK"})
    assert opened.status_code == 201 and opened.json()["install"] is True
    badge = requests.get(playhouse.base_url + f"/v1/placements/main_menu/notification?installation_id={installation}",
                         headers=player, timeout=10).json()
    assert badge == {"type": "badge", "value": "2"}

    content = requests.get(playhouse.base_url + f"/v1/placements/main_menu/content?installation_id={installation}",
                           headers={**player, "Accept-Language": "da"}, timeout=10).json()
    assert content["unit"] == "welcome-bonus" and content["title"] == "Velkommen!"
    requests.post(playhouse.base_url + "/v1/content/events", headers=player, timeout=10,
                  json={"impression_id": content["impression_id"], "event": "displayed"}).raise_for_status()

    # The hosted page, as a web view shows it: phone width, then on its side.
    browser.delete_all_cookies()
    browser.set_window_size(390, 844)
    browser.get(content["page_url"])
    assert browser.find_element(By.ID, "title").text == "Welcome!"
    assert browser.execute_script("return document.getElementById('hero').naturalWidth") > 0
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"content-page-phone-{playhouse.engine}.png"))
    browser.set_window_size(844, 390)
    browser.get(content["page_url"])
    hero, title = browser.find_element(By.ID, "hero").rect, browser.find_element(By.ID, "title").rect
    assert title["x"] > hero["x"] + hero["width"] - 1, "on its side the image stands beside the words"
    browser.save_screenshot(str(ARTIFACTS / f"content-page-landscape-{playhouse.engine}.png"))

    # Its call to action unlocks the reward and hands the receipt to the app; a second tap gets the same one.
    browser.set_window_size(390, 844)
    browser.find_element(By.ID, "take").click()
    unlocked = WebDriverWait(browser, 15).until(expected_conditions.presence_of_element_located((By.ID, "unlocked")))
    assert "50 gems" in unlocked.text and "5 KRD" in unlocked.text
    link = browser.find_element(By.ID, "back").get_attribute("href")
    assert link.startswith("playhouse-event:reward?receipt=")
    receipt_id = link.split("=", 1)[1]
    browser.get(content["page_url"])
    browser.find_element(By.ID, "take").click()
    WebDriverWait(browser, 15).until(expected_conditions.presence_of_element_located((By.ID, "unlocked")))
    assert browser.find_element(By.ID, "back").get_attribute("href").endswith(receipt_id)

    # The receipt verifies against the published keys, whoever checks it.
    receipt = requests.get(playhouse.base_url + f"/v1/rewards/{receipt_id}", headers=player, timeout=10).json()
    keys = JsonWebKey.import_key_set(requests.get(playhouse.base_url + "/.well-known/reward-keys", timeout=10).json())
    claims = jwt.decode(receipt["token"], keys)
    assert claims["jti"] == receipt_id and claims["amount"] == "5" and claims["currency"] == "KRD"

    # Claimed twice: the wallet gets 5 kredits once.
    for _ in range(2):
        claimed = requests.post(playhouse.base_url + f"/v1/rewards/{receipt_id}/claim", headers=player, timeout=10)
        assert claimed.status_code == 200, claimed.text
    balances = requests.get(playhouse.base_url + "/v1/wallet", headers=player, timeout=10).json()["balances"]
    assert [b["available"] for b in balances if b["available"]["currency"] == "KRD"] == [{"amount": "5", "currency": "KRD"}]

    # The developer's view: why the main menu shows what it shows now, and the day's figures.
    explained = playhouse.cli("content", "explain", content_app["client_id"], "--placement", "main_menu",
                              "--installation", installation, "--player", claims["sub"]).stdout
    assert "welcome-on-main-menu" in explained and "cap_total (1 reached)" in explained
    assert "* new-level-news" in explained
    app_token = requests.post(playhouse.base_url + "/oauth/token", data={"grant_type": "client_credentials"},
                              auth=(content_app["client_id"], content_app["client_secret"]), timeout=10).json()["access_token"]
    rows = requests.get(playhouse.base_url + "/v1/content/stats", headers={"Authorization": "Bearer " + app_token}, timeout=10).json()["data"]
    welcome = [row for row in rows if row["unit"] == "welcome-bonus"]
    assert welcome and welcome[0]["fills"] >= 1 and welcome[0]["displays"] == 1 and welcome[0]["unlocks"] == 1
    # Asking the server wrote its counts; the CLI reads them from the database.
    stats = playhouse.cli("content", "stats", content_app["client_id"]).stdout
    assert "welcome-bonus" in stats and "main_menu" in stats


def test_bad_content_files_are_refused_whole(playhouse, content_app, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("units:\n  - { id: Shout, kind: offer, texts: { en: { title: Hi } } }\ncampaigns:\n"
                   "  - { id: orphan, unit: nowhere, placements: [main_menu] }\n")
    result = playhouse.cli("content", "import", content_app["client_id"], str(bad), check=False)
    assert result.returncode != 0
    for problem in ["unit Shout: an id is", "an offer needs an action", "campaign orphan: no unit nowhere"]:
        assert problem in result.stderr + result.stdout
    listed = playhouse.cli("content", "list", content_app["client_id"]).stdout
    assert "Shout" not in listed and "orphan" not in listed
