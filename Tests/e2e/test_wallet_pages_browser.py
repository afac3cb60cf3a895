"""A real headless Chromium, driven by Selenium, through the hosted wallet pages the SDK opens in a
web view: deposit, withdraw, wallet (balances and history) and redeem, at phone width. The app
learns nothing from the pages; like the SDK, the test re-reads the wallet over the API afterwards."""

import uuid

import pytest
import requests
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import ARTIFACTS, player_tokens


PHONE_WIDTH = 390


@pytest.fixture(scope="module")
def player(playhouse, client_app):
    """A new player of the sandbox app and a bearer header for the API."""
    token = player_tokens(playhouse.base_url, client_app, "profile wallet")["access_token"]
    return {"Authorization": "Bearer " + token}


def open_page(playhouse, player, page, **extra):
    """POST /v1/pages, as the SDK does before it shows a web view."""
    answer = requests.post(playhouse.base_url + "/v1/pages", json={"page": page, **extra}, headers=player, timeout=10)
    assert answer.status_code == 201, answer.text
    return answer.json()


def wait_for(browser, condition):
    return WebDriverWait(browser, 15).until(condition)


def replaced(element):
    """The page holding `element` has been replaced by the next one. Chromedriver reports a node of a
    page being replaced either as stale or, mid-navigation, as one that "does not belong to the
    document"; both mean the old page is gone."""
    def check(_):
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise
    return check


def fits_a_phone(browser):
    return browser.execute_script("return document.documentElement.scrollWidth") <= PHONE_WIDTH


def submit(browser, **fields):
    """Fills the page's form like a player would and sends it; returns the page's answer line."""
    form = browser.find_element(By.ID, "form")
    for name, value in fields.items():
        field = form.find_element(By.NAME, name)
        if field.tag_name == "select":
            Select(field).select_by_visible_text(value)
        else:
            field.clear()
            field.send_keys(value)
    old = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.ID, "submit").click()
    wait_for(browser, replaced(old))
    for answer in ("message", "error"):
        found = browser.find_elements(By.ID, answer)
        if found:
            return answer, found[0].text
    pytest.fail("the page answered with neither a message nor an error:\n" + browser.page_source)


def wallet_over_api(playhouse, player):
    answer = requests.get(playhouse.base_url + "/v1/wallet", headers=player, timeout=10)
    assert answer.status_code == 200, answer.text
    (eur,) = [b for b in answer.json()["balances"] if b["available"]["currency"] == "EUR"]
    return eur


def test_deposit_withdraw_wallet_and_redeem_pages(playhouse, browser, client_app, player):
    code = "WELCOME-" + uuid.uuid4().hex[:6].upper()
    playhouse.cli("promotions", "create", client_app["client_id"], "--code", code, "--amount", "5.00", "--currency", "EUR",
                  "--name", "Welcome bonus")
    browser.delete_all_cookies()
    browser.set_window_size(PHONE_WIDTH, 844)

    # Deposit: the page opens from its one-time URL, at phone width.
    page = open_page(playhouse, player, "deposit")
    browser.get(page["url"])
    assert browser.find_element(By.TAG_NAME, "h1").text == "Deposit"
    assert fits_a_phone(browser)
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"deposit-page-phone-{playhouse.engine}.png"))
    assert submit(browser, amount="25.00", currency="EUR", payment_method="sandbox") == ("message", "25.00 EUR was deposited.")
    assert submit(browser, amount="1.234", currency="EUR", payment_method="sandbox")[0] == "error"
    assert submit(browser, amount="7.00", currency="EUR", payment_method="sandbox_declined") == ("error", "The payment was declined.")

    # Withdraw: more than the balance is refused and changes nothing; a fair amount is held.
    browser.find_element(By.ID, "wallet").click()
    browser.find_element(By.ID, "withdraw").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Withdraw"
    kind, text = submit(browser, amount="100.00", currency="EUR", payment_method="sandbox_delayed")
    assert kind == "error" and text
    assert submit(browser, amount="10.00", currency="EUR", payment_method="sandbox_delayed") == \
        ("message", "10.00 EUR will be paid out to you.")

    # Wallet: balances with the held withdrawal, and the history, newest first.
    browser.find_element(By.ID, "wallet").click()
    balances = browser.find_element(By.ID, "balances").text
    assert "15.00 EUR" in balances and "10.00 EUR" in balances
    history = [line.text for line in browser.find_elements(By.CSS_SELECTOR, "#history li")]
    assert len(history) == 2
    assert "Withdrawal" in history[0] and "-10.00 EUR" in history[0]
    assert "Deposit" in history[1] and "25.00 EUR" in history[1]
    assert fits_a_phone(browser)
    browser.save_screenshot(str(ARTIFACTS / f"wallet-page-phone-{playhouse.engine}.png"))

    # Redeem: the promotion's code comes filled in; a second redemption is refused.
    page = open_page(playhouse, player, "redeem", promotion=code)
    browser.get(page["url"])
    assert browser.find_element(By.NAME, "code").get_attribute("value") == code
    assert submit(browser) == ("message", "5.00 EUR was added to your wallet.")
    kind, text = submit(browser, code=code)
    assert kind == "error" and text

    # Done: the page navigates to the close URL the SDK watches for, and tells the app nothing.
    browser.find_element(By.ID, "close").click()
    wait_for(browser, lambda driver: driver.current_url == page["close_url"])

    eur = wallet_over_api(playhouse, player)
    assert eur["available"]["amount"] == "20.00"
    assert eur["pending_withdrawals"]["amount"] == "10.00"


def test_pages_need_the_players_session(playhouse, browser, player):
    page = open_page(playhouse, player, "wallet")
    browser.delete_all_cookies()
    browser.get(page["url"])
    assert browser.find_element(By.TAG_NAME, "h1").text == "Your wallet"

    # The one-time URL works once; without the page cookie no wallet page shows anything.
    browser.delete_all_cookies()
    browser.get(page["url"])
    assert "expired" in browser.find_element(By.ID, "message").text
    browser.get(playhouse.base_url + "/wallet/deposit")
    assert browser.find_elements(By.ID, "form") == []
    assert "expired" in browser.find_element(By.ID, "message").text


def test_a_deposit_form_posted_from_another_site_moves_no_money(playhouse, browser, player):
    """CSRF: the page cookie is SameSite=Lax, and the form needs the session's own token."""
    before = wallet_over_api(playhouse, player)["available"]["amount"]
    page = open_page(playhouse, player, "deposit")
    browser.get(page["url"])
    forged = ("<form id=f method=post action='%s/wallet/deposit'><input name=csrf value=guess>"
              "<input name=form_id value='%s'><input name=amount value=50.00><input name=currency value=EUR>"
              "<input name=payment_method value=sandbox></form>") % (playhouse.base_url, uuid.uuid4())
    browser.get("data:text/html," + forged)
    browser.execute_script("document.getElementById('f').submit()")
    wait_for(browser, lambda driver: driver.current_url.startswith(playhouse.base_url))
    assert browser.find_elements(By.ID, "form") == []
    assert wallet_over_api(playhouse, player)["available"]["amount"] == before
