"""A real headless Chromium, driven by Selenium, through the hosted reality-check page the SDK
shows when a check is due: time played and net result, and its three choices. Continue
acknowledges the check, Check balance shows the wallet page and leads back, Stop ends the session.
As after every hosted page, the test learns what happened from the API, as the SDK does."""

from pathlib import Path

import pytest
import requests
from selenium.webdriver.common.by import By

from conftest import player_tokens
from test_wallet_pages_browser import PHONE_WIDTH, fits_a_phone, open_page, replaced, wait_for

EXAMPLES = Path(__file__).resolve().parents[2] / "Server" / "Examples" / "games"


@pytest.fixture(scope="module")
def casino(playhouse):
    """An app with EUR and the example wheel game."""
    app = playhouse.create_app("Reality Casino", "--redirect-uri", "casino://authorize")
    playhouse.cli("currencies", "add", app["client_id"], "EUR")
    playhouse.cli("games", "import", app["client_id"], str(EXAMPLES / "wheel-of-fortune.json"))
    return app


def bearer(tokens):
    return {"Authorization": "Bearer " + tokens["access_token"]}


def session(playhouse, player):
    return requests.get(playhouse.base_url + "/v1/sessions/current", headers=player, timeout=10)


def choose(browser, button):
    old = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.ID, button).click()
    wait_for(browser, replaced(old))


def test_the_reality_check_page_and_its_three_choices(playhouse, browser, casino):

    # Bob plays a little, then opens the page: his time and his net result are there.
    bob = bearer(player_tokens(playhouse.base_url, casino))
    deposit = requests.post(playhouse.base_url + "/v1/wallet/deposits", json={"amount": {"amount": "10.00", "currency": "EUR"}},
                            headers=bob, timeout=10)
    assert deposit.status_code == 201, deposit.text
    bet = requests.post(playhouse.base_url + "/v1/games/wheel-of-fortune/bet", json={"currency": "EUR", "wager": "1.00"},
                        headers=bob, timeout=10)
    assert bet.status_code == 201, bet.text
    net = float(bet.json()["payout"]) - 1.0

    browser.delete_all_cookies()
    browser.set_window_size(PHONE_WIDTH, 844)
    browser.get(open_page(playhouse, bob, "reality-check")["url"])
    assert browser.find_element(By.TAG_NAME, "h1").text == "Reality check"
    assert "You have played for 0 minutes" in browser.find_element(By.ID, "played").text
    assert browser.find_element(By.ID, "bets").text == "Bets placed: 1"
    assert browser.find_element(By.ID, "net").text.startswith(f"{'+' if net >= 0 else '-'}{abs(net):.2f} EUR")
    assert fits_a_phone(browser)

    # Check balance: the wallet page, whose way out leads back to the check.
    browser.find_element(By.ID, "balance").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Your wallet"
    assert f"{10 + net:.2f} EUR" in browser.find_element(By.ID, "balances").text
    assert browser.find_elements(By.ID, "close") == []
    browser.find_element(By.ID, "back").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Reality check"

    # Stop: the session ends, and with it Bob's token.
    choose(browser, "stop")
    assert "Your session has ended" in browser.find_element(By.ID, "message").text
    assert session(playhouse, bob).status_code == 401

    # Ann has played an hour (the server's interval): her check is due, and bets are refused until she answers it.
    tokens = player_tokens(playhouse.base_url, casino)
    ann = bearer(tokens)
    assert not session(playhouse, ann).json()["reality_check"]["due"]
    playhouse.backdate_reality_check(tokens["session_id"], 3600)
    assert session(playhouse, ann).json()["reality_check"]["due"]
    refused = requests.post(playhouse.base_url + "/v1/games/wheel-of-fortune/unbacked-bet", json={"wager": "1.00"}, headers=ann, timeout=10)
    assert refused.status_code == 403 and refused.json()["code"] == "reality_check_due"

    # Continue: the check is acknowledged, the next period starts, and the page closes.
    page = open_page(playhouse, ann, "reality-check")
    browser.delete_all_cookies()
    browser.get(page["url"])
    choose(browser, "continue")
    wait_for(browser, lambda driver: driver.current_url == page["close_url"])
    after = session(playhouse, ann).json()
    assert after["alive"] and not after["reality_check"]["due"] and after["reality_check"]["remaining_ms"] > 3_500_000
    again = requests.post(playhouse.base_url + "/v1/games/wheel-of-fortune/unbacked-bet", json={"wager": "1.00"}, headers=ann, timeout=10)
    assert again.status_code == 201, again.text


def test_the_page_needs_a_play_session(playhouse, casino):
    """An app token has no player and no session: no reality-check page for it."""
    answer = requests.post(playhouse.base_url + "/oauth/token", data={"grant_type": "client_credentials"},
                           auth=(casino["client_id"], casino["client_secret"]), timeout=10)
    token = {"Authorization": "Bearer " + answer.json()["access_token"]}
    refused = requests.post(playhouse.base_url + "/v1/pages", json={"page": "reality-check"}, headers=token, timeout=10)
    assert refused.status_code == 403 and refused.json()["code"] == "player_token_required"
