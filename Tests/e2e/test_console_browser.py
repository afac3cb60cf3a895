"""The console in a real headless Chromium, at desktop and phone width: an owner invited from the
command line sets a password from the invitation link and signs in; sets up a second factor by
reading the page's QR code as a phone would (zbarimg on a screenshot) and signs in again with its
code; invites an operator (the link shown once, never again), disables them, registers an app (its
secret shown once), reads the audit log of the changes, and signs out; another owner credits a player's wallet
with a reason and reverses it, and verifies a bet's fairness in the browser; a developer imports a game, simulates it with its progress shown, and closes
it; a developer sees an app's catalog with its stores on a map drawn by the server, and imports a catalog file from the page;
a developer sees an app's content, asks why a placement shows what it does, previews a unit as the player sees it, and
imports a content file from the page; an owner walks every page the console links to, at desktop and phone width. Every change goes through the admin API with the session's CSRF token;
nothing loads from outside the server. Screenshots are kept in artifacts/."""

import base64
import hashlib
import hmac
import json
import struct
import subprocess
import time
from urllib.parse import parse_qs, urlparse

import requests
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ARTIFACTS, ROOT


def wait_for(browser, condition, seconds=15):
    # A page the console's script reloads may go stale while it is read (Chromium says so as a stale
    # element, or as a node that "does not belong to the document"): read it again.
    return WebDriverWait(browser, seconds, ignored_exceptions=[StaleElementReferenceException, WebDriverException]).until(condition)


def submit(browser, form_id, **fields):
    form = wait_for(browser, EC.presence_of_element_located((By.ID, form_id)))
    for name, value in fields.items():
        box = form.find_element(By.NAME, name)
        box.clear()
        box.send_keys(value)
    form.find_element(By.TAG_NAME, "button").click()


def totp(secret, step):
    """The authenticator app's code of a 30-second step (RFC 6238: HMAC-SHA1, six digits)."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    mac = hmac.new(key, struct.pack(">Q", step), hashlib.sha1).digest()
    offset = mac[-1] & 15
    return "%06d" % ((struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


def scanned(browser, element, engine):
    """What a phone's camera reads from `element`: zbarimg on a screenshot of it."""
    ARTIFACTS.mkdir(exist_ok=True)
    picture = ARTIFACTS / f"console-second-factor-code-{engine}.png"
    element.screenshot(str(picture))
    return subprocess.run(["zbarimg", "-q", "--raw", str(picture)], capture_output=True, text=True, timeout=30).stdout.strip()


def signed_in_from_invitation(playhouse, browser, email, role):
    """A new operator invited from the command line, their password set from the link, signed in at desktop width."""
    base = playhouse.base_url
    browser.set_window_size(1280, 900)
    browser.delete_all_cookies()
    browser.get(playhouse.invite_operator(email, role))
    submit(browser, "accept", password="a long " + role + " password")
    wait_for(browser, EC.url_to_be(base + "/console/sign-in"))
    submit(browser, "sign-in", email=email, password="a long " + role + " password")
    wait_for(browser, EC.url_to_be(base + "/console"))


def test_an_owner_runs_the_operators_from_the_console(playhouse, browser):
    base = playhouse.base_url
    email = "owner-browser@example.com"
    browser.set_window_size(1280, 900)
    browser.delete_all_cookies()

    # The invitation link, then the sign-in page it leads to.
    browser.get(playhouse.invite_operator(email, "owner"))
    submit(browser, "accept", password="a long owner password")
    wait_for(browser, EC.url_to_be(base + "/console/sign-in"))
    submit(browser, "sign-in", email=email, password="not the password")
    wait_for(browser, EC.text_to_be_present_in_element((By.CSS_SELECTOR, "#sign-in .result"), "wrong"))
    submit(browser, "sign-in", email=email, password="a long owner password")
    wait_for(browser, EC.url_to_be(base + "/console"))
    assert email in wait_for(browser, EC.presence_of_element_located((By.ID, "who"))).text
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"console-home-desktop-{playhouse.engine}.png"))

    # A second factor: the QR code the server drew, read as a phone reads it, then a code of it.
    wait_for(browser, EC.element_to_be_clickable((By.LINK_TEXT, "Second factor"))).click()
    submit(browser, "set-up")
    code = wait_for(browser, EC.visibility_of_element_located((By.ID, "qr")))
    wait_for(browser, lambda b: b.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", code))
    uri = scanned(browser, code, playhouse.engine)
    assert uri.startswith("otpauth://totp/Playhouse:owner-browser%40example.com?"), uri
    secret = parse_qs(urlparse(uri).query)["secret"][0]
    assert secret == browser.find_element(By.ID, "secret").text
    browser.save_screenshot(str(ARTIFACTS / f"console-second-factor-desktop-{playhouse.engine}.png"))
    step = int(time.time() // 30)
    submit(browser, "confirm", code=totp(secret, step))
    wait_for(browser, EC.text_to_be_present_in_element((By.ID, "state"), "On"))

    # Signing in again takes a code now (the next step's: a code works once).
    wait_for(browser, EC.element_to_be_clickable((By.ID, "sign-out"))).click()
    wait_for(browser, EC.url_to_be(base + "/console/sign-in"))
    submit(browser, "sign-in", email=email, password="a long owner password")
    wait_for(browser, EC.text_to_be_present_in_element((By.CSS_SELECTOR, "#sign-in .result"), "code"))
    submit(browser, "sign-in", email=email, password="a long owner password", code=totp(secret, step + 1))
    wait_for(browser, EC.url_to_be(base + "/console"))

    # An invitation: its link is shown once, in the form, and on no page after.
    wait_for(browser, EC.element_to_be_clickable((By.LINK_TEXT, "Operators"))).click()
    wait_for(browser, EC.url_to_be(base + "/console/operators"))
    submit(browser, "invite", email="helper@example.com")
    shown = wait_for(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, "#invite .shown-once")))
    link = shown.text
    assert link.startswith(base + "/console/invitation?token=phi_")
    browser.save_screenshot(str(ARTIFACTS / f"console-operators-desktop-{playhouse.engine}.png"))
    browser.refresh()
    assert "helper@example.com" in browser.find_element(By.ID, "operators").text
    assert link.split("token=")[1] not in browser.page_source

    # Disabled from its row: the invitation stops working.
    row = next(r for r in browser.find_elements(By.CSS_SELECTOR, "#operators tr") if "helper@example.com" in r.text)
    row.find_element(By.TAG_NAME, "button").click()
    wait_for(browser, lambda b: "disabled" in next((r.text for r in b.find_elements(By.CSS_SELECTOR, "#operators tr")
                                                    if "helper@example.com" in r.text), ""))
    assert requests.get(link, timeout=10).status_code == 404

    # An app registered from the console: its secret shown once, then only the list.
    wait_for(browser, EC.element_to_be_clickable((By.LINK_TEXT, "Apps"))).click()
    wait_for(browser, EC.url_to_be(base + "/console/apps"))
    submit(browser, "create-app", name="Browser Game", redirect_uris="bg://authorize")
    app_secret = wait_for(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, "#create-app .shown-once"))).text
    assert app_secret.startswith("phs_")
    browser.find_element(By.PARTIAL_LINK_TEXT, "show the list").click()
    wait_for(browser, lambda b: "Browser Game" in b.find_element(By.ID, "apps").text)
    assert app_secret.split()[0] not in browser.page_source
    browser.save_screenshot(str(ARTIFACTS / f"console-apps-desktop-{playhouse.engine}.png"))

    # The audit log at phone width: the changes, by the owner, newest first.
    browser.set_window_size(390, 844)
    wait_for(browser, EC.element_to_be_clickable((By.LINK_TEXT, "Audit log"))).click()
    wait_for(browser, EC.url_to_be(base + "/console/audit-log"))
    rows = wait_for(browser, lambda b: [r.text for r in b.find_elements(By.CSS_SELECTOR, "#entries tr")][1:])
    assert "app created" in rows[0] and "Browser Game" in rows[0] and email in rows[0]
    assert "operator disabled" in rows[1] and email in rows[1]
    assert "operator invited" in rows[2] and email in rows[2]
    assert "second factor enabled" in rows[3] and email in rows[3]
    browser.save_screenshot(str(ARTIFACTS / f"console-audit-log-phone-{playhouse.engine}.png"))

    # Money: the ledger verified from the page.
    wait_for(browser, EC.element_to_be_clickable((By.LINK_TEXT, "Money"))).click()
    wait_for(browser, EC.url_to_be(base + "/console/money"))
    submit(browser, "verify")
    assert "the ledger is sound" in wait_for(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, "#verify .shown-once"))).text

    # A change without the session's CSRF token is refused, even from the console's own page.
    status = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch("/admin/v1/operators", {method: "POST", headers: {"Content-Type": "application/json"},
              body: JSON.stringify({email: "forged@example.com", role: "owner"})}).then(r => done(r.status));
    """)
    assert status == 403

    # Nothing came from anywhere but the server.
    sources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert sources and all(source.startswith(base) for source in sources), sources

    # Signing out ends the session: the console sends the browser to sign in.
    wait_for(browser, EC.element_to_be_clickable((By.ID, "sign-out"))).click()
    wait_for(browser, EC.url_to_be(base + "/console/sign-in"))
    browser.get(base + "/console/operators")
    assert browser.current_url == base + "/console/sign-in"


def test_an_owner_adjusts_a_players_wallet_and_reverses_it(playhouse, browser, client_app, sign_in_player):
    base = playhouse.base_url
    tokens = sign_in_player()
    player = {"Authorization": "Bearer " + tokens["access_token"]}
    deposit = requests.post(base + "/v1/wallet/deposits", headers=player, json={"amount": {"amount": "20.00", "currency": "EUR"}}, timeout=10)
    assert deposit.status_code == 201, deposit.text
    me = requests.get(base + "/v1/me", headers=player, timeout=10).json()
    # A bet on a provably fair wheel, its server seed then revealed by the player.
    playhouse.cli("games", "import", client_app["client_id"], str(ROOT / "Server/Examples/games/wheel-of-fortune.json"))
    bet = requests.post(base + "/v1/games/wheel-of-fortune/bet", headers=player, json={"currency": "EUR", "wager": "1.00"}, timeout=10)
    assert bet.status_code == 201, bet.text
    assert requests.post(base + "/v1/fairness/rotate", headers=player, timeout=10).status_code == 200
    balance = bet.json()["balance"]["amount"]

    def euros():
        wallet = requests.get(base + "/v1/wallet", headers=player, timeout=10).json()
        return next(b["available"]["amount"] for b in wallet["balances"] if b["available"]["currency"] == "EUR")

    signed_in_from_invitation(playhouse, browser, "money-owner@example.com", "owner")

    # Found by email, then credited with a reason from the player's page.
    browser.get(base + "/console/players?app=" + client_app["client_id"] + "&q=" + me["email"])
    wait_for(browser, EC.element_to_be_clickable((By.CSS_SELECTOR, "#players a"))).click()
    # The bet verified in the browser from its revealed seed.
    wait_for(browser, EC.element_to_be_clickable((By.CSS_SELECTOR, "#bets button[data-verify]"))).click()
    verified = wait_for(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, "#bets .verify .result"))).text
    assert verified.startswith("Verified: the seed matches its hash"), verified

    credited = "%.2f" % (float(balance) + 5)
    submit(browser, "adjust", amount="5", reason="Goodwill: the game froze mid-spin")
    wait_for(browser, lambda b: "Goodwill: the game froze mid-spin" in b.find_element(By.ID, "adjustments").text)
    assert credited in browser.find_element(By.ID, "wallet").text
    assert "adjustment" in browser.find_element(By.ID, "transactions").text
    assert euros() == credited

    # Reversed from its row, at phone width: the money goes back, and the row says so.
    browser.set_window_size(390, 844)
    row = wait_for(browser, EC.presence_of_element_located((By.CSS_SELECTOR, "#adjustments form")))
    row.find_element(By.NAME, "reason").send_keys("Meant for another player")
    row.find_element(By.TAG_NAME, "button").click()
    wait_for(browser, lambda b: "reversed by" in b.find_element(By.ID, "adjustments").text)
    assert "Meant for another player" in browser.find_element(By.ID, "adjustments").text
    assert not browser.find_elements(By.CSS_SELECTOR, "#adjustments form"), "neither can be reversed again"
    assert euros() == balance
    browser.save_screenshot(str(ARTIFACTS / f"console-player-adjustments-phone-{playhouse.engine}.png"))

    # The money page lists both, and the ledger stays sound.
    browser.set_window_size(1280, 900)
    browser.get(base + "/console/money?app=" + client_app["client_id"])
    assert "Meant for another player" in wait_for(browser, EC.presence_of_element_located((By.ID, "adjustments"))).text
    submit(browser, "verify")
    assert "the ledger is sound" in wait_for(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, "#verify .shown-once"))).text
    browser.save_screenshot(str(ARTIFACTS / f"console-money-desktop-{playhouse.engine}.png"))


def test_a_developer_imports_simulates_and_closes_a_game(playhouse, browser, client_app, sign_in_player):
    base = playhouse.base_url
    signed_in_from_invitation(playhouse, browser, "games-developer@example.com", "developer")

    # Imported from the page: the game's row, with its exact RTP (3,200,000 outcomes enumerated: in
    # the debug build the tests run, 15 to 30 seconds on two cores).
    browser.get(base + "/console/games?app=" + client_app["client_id"])
    definition = (ROOT / "Server/Examples/games/lucky-sevens.json").read_text()
    box = wait_for(browser, EC.presence_of_element_located((By.NAME, "definition")))
    browser.execute_script("arguments[0].value = arguments[1]", box, definition)
    browser.find_element(By.CSS_SELECTOR, "#import-game button").click()
    row = wait_for(browser, EC.presence_of_element_located((By.ID, "game-lucky-sevens")), seconds=90)
    assert "open" in row.text and "%" in row.text

    # A simulation in parts (20,000 spins here: ten parts of 2,000), its progress shown as it goes.
    browser.execute_script("document.querySelector('#game-lucky-sevens .simulate').setAttribute('data-part', '2000')")
    browser.find_element(By.CSS_SELECTOR, "#game-lucky-sevens .simulate button").click()
    wait_for(browser, lambda b: b.execute_script("return document.querySelector('#game-lucky-sevens progress').value") == 10)
    result = browser.find_element(By.CSS_SELECTOR, "#game-lucky-sevens .simulate .result").text
    assert result.startswith("20,000 spins: RTP") and "exact" in result, result

    # Closed from its row: bets on it are refused.
    browser.find_element(By.CSS_SELECTOR, "#game-lucky-sevens .open-close button").click()
    wait_for(browser, lambda b: "closed" in b.find_element(By.ID, "game-lucky-sevens").text)
    player = {"Authorization": "Bearer " + sign_in_player()["access_token"]}
    refused = requests.post(base + "/v1/games/lucky-sevens/bet", headers=player, json={"currency": "EUR", "wager": "0.10"}, timeout=10)
    assert refused.status_code == 422 and refused.json()["code"] == "game_closed", refused.text
    browser.set_window_size(390, 844)
    browser.save_screenshot(str(ARTIFACTS / f"console-games-phone-{playhouse.engine}.png"))
    sources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert all(source.startswith(base) for source in sources), sources


def test_a_developer_sees_the_catalog_on_a_map_and_imports_a_file(playhouse, browser):
    base = playhouse.base_url
    app = playhouse.create_app("Catalog Console")
    playhouse.cli("catalog", "import", app["client_id"], str(ROOT / "Server/Examples/catalog/catalog.json"))
    signed_in_from_invitation(playhouse, browser, "catalog-developer@example.com", "developer")

    # The example's counts, dealers and catalogs, and every one of its 2,000 stores on the map.
    wait_for(browser, EC.element_to_be_clickable((By.LINK_TEXT, "Catalogs"))).click()
    browser.get(base + "/console/catalogs?app=" + app["client_id"])
    counts = wait_for(browser, EC.presence_of_element_located((By.ID, "catalog-counts"))).text
    assert counts == "Dealers: 5 · Stores: 2,000 · Catalogs: 5 · Offers: 300", counts
    assert len(browser.find_elements(By.CSS_SELECTOR, "#store-map circle")) == 2000
    assert browser.find_element(By.CSS_SELECTOR, "#store-map figcaption").text.startswith("Every store")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#dealers tr[id^=dealer-]")) == 5
    assert len(browser.find_elements(By.CSS_SELECTOR, "#catalogs tr[id^=catalog-]")) == 5
    box = browser.find_element(By.CSS_SELECTOR, "#store-map svg").rect
    assert box["width"] > 600 and box["height"] > 200, box
    browser.save_screenshot(str(ARTIFACTS / f"console-catalogs-desktop-{playhouse.engine}.png"))

    # A catalog's pages, each image loaded, with its offers' hotspots drawn on them; a dealer's offers.
    browser.find_element(By.CSS_SELECTOR, "#catalog-netto-uge-48 a").click()
    sheets = wait_for(browser, EC.presence_of_all_elements_located((By.CSS_SELECTOR, "#catalog-pages .sheet")))
    assert len(sheets) > 1
    wait_for(browser, lambda b: b.execute_script("return [...document.images].every(i => i.complete && i.naturalWidth > 0)"))
    spot = browser.find_element(By.CSS_SELECTOR, "#page-1 .hotspot").rect
    sheet = browser.find_element(By.CSS_SELECTOR, "#page-1 .sheet").rect
    assert 0 < spot["width"] < sheet["width"] and spot["x"] >= sheet["x"], (spot, sheet)
    assert browser.find_elements(By.CSS_SELECTOR, "#catalog-offers tr[id=offer-netto-offer-000000]")
    browser.save_screenshot(str(ARTIFACTS / f"console-catalog-pages-{playhouse.engine}.png"))
    browser.get(base + "/console/catalogs?app=" + app["client_id"])
    wait_for(browser, EC.element_to_be_clickable((By.CSS_SELECTOR, "#dealer-netto td[data-label=Offers] a"))).click()
    assert len(wait_for(browser, EC.presence_of_all_elements_located((By.CSS_SELECTOR, "#offers tr[id^=offer-]")))) == 25
    browser.find_element(By.ID, "more-offers").click()
    assert wait_for(browser, EC.presence_of_all_elements_located((By.CSS_SELECTOR, "#offers tr[id^=offer-]")))
    browser.get(base + "/console/catalogs?app=" + app["client_id"])

    # A file with a problem is refused whole, the problem shown in the form; then a file of offers alone
    # replaces the app's offers and leaves its dealers, stores and catalogs as they are.
    area = wait_for(browser, EC.presence_of_element_located((By.NAME, "catalog")))
    offer = {"id": "console-offer", "dealer": "netto", "heading": "Rugbrød", "price": "12.95", "currency": "DKK",
             "valid_from": "2026-01-01T00:00:00Z", "valid_until": "2036-01-01T00:00:00Z"}
    broken = dict(offer, dealer="nobody")
    browser.execute_script("arguments[0].value = arguments[1]", area, json.dumps({"offers": [broken]}))
    browser.find_element(By.CSS_SELECTOR, "#import-catalog button").click()
    error = wait_for(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, "#import-catalog .result"))).text
    assert "nobody" in error, error
    browser.execute_script("arguments[0].value = arguments[1]", area, json.dumps({"offers": [offer]}))
    browser.find_element(By.CSS_SELECTOR, "#import-catalog button").click()
    wait_for(browser, lambda b: b.find_element(By.ID, "catalog-counts").text.endswith("· Offers: 1"))
    assert browser.find_element(By.ID, "catalog-counts").text.startswith("Dealers: 5 · Stores: 2,000 · Catalogs: 5")

    browser.set_window_size(390, 844)
    browser.get(base + "/console/catalogs?app=" + app["client_id"])
    box = wait_for(browser, EC.presence_of_element_located((By.CSS_SELECTOR, "#store-map svg"))).rect
    assert box["width"] <= 390, box
    browser.save_screenshot(str(ARTIFACTS / f"console-catalogs-phone-{playhouse.engine}.png"))
    sources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert all(source.startswith(base) for source in sources), sources


def test_a_developer_explains_previews_and_imports_content(playhouse, browser):
    base = playhouse.base_url
    app = playhouse.create_app("Content Console")
    playhouse.cli("currencies", "add", app["client_id"], "KRD", "--kind", "virtual")
    playhouse.cli("content", "import", app["client_id"], str(ROOT / "Server/Examples/content/content.yaml"))
    signed_in_from_invitation(playhouse, browser, "content-developer@example.com", "developer")

    wait_for(browser, EC.element_to_be_clickable((By.LINK_TEXT, "Content"))).click()
    browser.get(base + "/console/content?app=" + app["client_id"])
    assert len(wait_for(browser, EC.presence_of_all_elements_located((By.CSS_SELECTOR, "#units tr[id^=unit-]")))) == 3
    assert len(browser.find_elements(By.CSS_SELECTOR, "#campaigns tr[id^=campaign-]")) == 3

    # Why the main menu shows what it does to an installation the app has never seen open: the
    # welcome bonus wants a young installation, so the news is chosen.
    submit(browser, "explain", placement="main_menu", player="browser-installation-0001")
    explanation = wait_for(browser, EC.presence_of_element_located((By.ID, "explanation"))).text
    assert "new-level-news is shown" in explanation, explanation
    assert "installation_age" in explanation, explanation
    browser.save_screenshot(str(ARTIFACTS / f"console-content-desktop-{playhouse.engine}.png"))

    # The welcome bonus in Danish, as the player sees it; its button does nothing here.
    preview = browser.find_element(By.CSS_SELECTOR, "#unit-welcome-bonus a.preview[href$='lang=da']").get_attribute("href")
    browser.get(preview)
    assert wait_for(browser, EC.presence_of_element_located((By.ID, "title"))).text == "Velkommen!"
    assert not browser.find_element(By.ID, "take").is_enabled()
    browser.save_screenshot(str(ARTIFACTS / f"console-content-preview-{playhouse.engine}.png"))

    # A unit imported from the page, at phone width.
    browser.set_window_size(390, 844)
    browser.get(base + "/console/content?app=" + app["client_id"])
    unit = {"units": [{"id": "tip-of-the-day", "kind": "announcement", "texts": {"en": {"title": "Tip", "body": "Jump twice."}}}]}
    area = wait_for(browser, EC.presence_of_element_located((By.NAME, "content")))
    browser.execute_script("arguments[0].value = arguments[1]", area, json.dumps(unit))
    browser.find_element(By.CSS_SELECTOR, "#import-content button").click()
    wait_for(browser, EC.presence_of_element_located((By.ID, "unit-tip-of-the-day")))
    browser.save_screenshot(str(ARTIFACTS / f"console-content-phone-{playhouse.engine}.png"))
    sources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert all(source.startswith(base) for source in sources), sources


def test_an_owner_walks_every_page_at_both_widths(playhouse, browser, client_app):
    base = playhouse.base_url
    playhouse.cli("data", "import", client_app["client_id"], str(ROOT / "Server/Examples/game-data"), "--game", "console-walk", "--region", "eu")
    signed_in_from_invitation(playhouse, browser, "walking-owner@example.com", "owner")
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "header > a")]
    assert len(links) >= 12, links
    links.append(base + "/console/apps/settings?app=" + client_app["client_id"])
    links.append(base + f"/console/game-data/{client_app['client_id']}/console-walk?region=eu")
    for width, height, name in [(1280, 900, "desktop"), (390, 844, "phone")]:
        browser.set_window_size(width, height)
        for link in links:
            browser.get(link)
            heading = wait_for(browser, EC.presence_of_element_located((By.TAG_NAME, "h1"))).text
            assert heading and "Not for your role" not in heading, link
            assert "The server answered" not in browser.page_source, link
            page = link.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
            browser.save_screenshot(str(ARTIFACTS / f"console-walk-{page}-{name}-{playhouse.engine}.png"))
            sources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
            assert all(source.startswith(base) for source in sources), (link, sources)
