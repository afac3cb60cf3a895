"""A real headless Chromium, driven by Selenium, through the hosted sign-in page: register, consent,
come back signed in, sign out, a wrong password, log in again, decline, log out of the game. The
login page is photographed at phone width and kept in artifacts/."""

import http.server
import threading
from urllib.parse import parse_qs, urlencode, urlparse
import uuid

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ARTIFACTS, form_handle, free_port, pkce_pair


class Callback(http.server.BaseHTTPRequestHandler):
    """The game's web callback: a page the browser lands on with the code."""

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(b"<!doctype html><title>Back in the game</title><p id=back>Back in the game</p>")

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def callback_url():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Callback)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/callback"
    server.shutdown()


@pytest.fixture(scope="module")
def web_app(playhouse, callback_url):
    return playhouse.create_app("Browser Bingo", "--redirect-uri", callback_url)


def authorize_url(playhouse, app, callback_url, challenge, state):
    return playhouse.base_url + "/oauth/authorize?" + urlencode({
        "response_type": "code", "client_id": app["client_id"], "redirect_uri": callback_url, "scope": "profile play",
        "state": state, "code_challenge": challenge, "code_challenge_method": "S256"})


def wait_for(browser, condition):
    return WebDriverWait(browser, 15).until(condition)


def back_in_the_game(browser, callback_url):
    wait_for(browser, lambda driver: driver.current_url.startswith(callback_url))
    return parse_qs(urlparse(browser.current_url).query)


def test_register_consent_login_and_decline(playhouse, browser, web_app, callback_url):
    email = f"browser-{uuid.uuid4().hex[:10]}@example.com"
    verifier, challenge = pkce_pair()

    browser.delete_all_cookies()
    browser.set_window_size(390, 844)
    browser.get(authorize_url(playhouse, web_app, callback_url, challenge, "first"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Sign in to Browser Bingo"
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"login-page-phone-{playhouse.engine}.png"))
    # At phone width the form fits: no sideways scrolling.
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390

    browser.find_element(By.CSS_SELECTOR, "#register-section summary").click()
    browser.find_element(By.CSS_SELECTOR, "#register input[name=email]").send_keys(email)
    browser.find_element(By.CSS_SELECTOR, "#register input[name=password]").send_keys("correct horse battery")
    browser.find_element(By.ID, "create-account").click()
    wait_for(browser, expected_conditions.presence_of_element_located((By.ID, "allow")))
    assert email in browser.find_element(By.ID, "signed-in-as").text
    browser.find_element(By.ID, "allow").click()

    answer = back_in_the_game(browser, callback_url)
    assert answer["state"] == ["first"]
    token = requests.post(playhouse.base_url + "/oauth/token",
                          data={"grant_type": "authorization_code", "code": answer["code"][0], "code_verifier": verifier,
                                "redirect_uri": callback_url},
                          auth=(web_app["client_id"], web_app["client_secret"]), timeout=10)
    assert token.status_code == 200, token.text
    me = requests.get(playhouse.base_url + "/v1/me", headers={"Authorization": "Bearer " + token.json()["access_token"]}, timeout=10)
    assert me.json()["email"] == email

    # Back later in the same browser: it is still signed in and the scopes are allowed, so the page
    # goes straight back to the game with a code for the same player.
    verifier, challenge = pkce_pair()
    browser.get(authorize_url(playhouse, web_app, callback_url, challenge, "again"))
    answer = back_in_the_game(browser, callback_url)
    assert answer["state"] == ["again"]
    again = requests.post(playhouse.base_url + "/oauth/token",
                          data={"grant_type": "authorization_code", "code": answer["code"][0], "code_verifier": verifier,
                                "redirect_uri": callback_url},
                          auth=(web_app["client_id"], web_app["client_secret"]), timeout=10)
    me_again = requests.get(playhouse.base_url + "/v1/me", headers={"Authorization": "Bearer " + again.json()["access_token"]}, timeout=10)
    assert me_again.json()["id"] == me.json()["id"]

    # Signing out of the browser: the next sign-in shows the login form again.
    browser.get(playhouse.base_url + "/oauth/logout")
    assert browser.find_element(By.ID, "message").text == "You are signed out in this browser."

    # A wrong password first, then the right one: the scopes were allowed, so straight back.
    _, challenge = pkce_pair()
    browser.get(authorize_url(playhouse, web_app, callback_url, challenge, "second"))
    browser.find_element(By.CSS_SELECTOR, "#login input[name=email]").send_keys(email)
    browser.find_element(By.CSS_SELECTOR, "#login input[name=password]").send_keys("not my password")
    browser.find_element(By.ID, "sign-in").click()
    assert wait_for(browser, expected_conditions.presence_of_element_located((By.ID, "error"))).text == "Wrong email or password."
    browser.find_element(By.CSS_SELECTOR, "#login input[name=password]").send_keys("correct horse battery")
    browser.find_element(By.ID, "sign-in").click()
    assert "code" in back_in_the_game(browser, callback_url)

    # The game asks for consent again (prompt=consent), and the player has a change of heart.
    _, challenge = pkce_pair()
    browser.get(authorize_url(playhouse, web_app, callback_url, challenge, "third") + "&prompt=consent")
    wait_for(browser, expected_conditions.presence_of_element_located((By.ID, "deny"))).click()
    answer = back_in_the_game(browser, callback_url)
    assert answer["error"] == ["access_denied"]
    assert answer["state"] == ["third"]

    # Logging out of the game (the API) signs the player out of the browser too.
    requests.post(playhouse.base_url + "/v1/auth/logout", headers={"Authorization": "Bearer " + again.json()["access_token"]},
                  timeout=10).raise_for_status()
    _, challenge = pkce_pair()
    browser.get(authorize_url(playhouse, web_app, callback_url, challenge, "fourth"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Sign in to Browser Bingo"


def test_cancel_on_the_login_page_tells_the_game(playhouse, browser, web_app, callback_url):
    _, challenge = pkce_pair()
    browser.get(authorize_url(playhouse, web_app, callback_url, challenge, "cancelled"))
    browser.find_element(By.ID, "cancel").click()
    answer = back_in_the_game(browser, callback_url)
    assert answer["error"] == ["access_denied"]


def test_a_form_posted_from_another_site_is_refused(playhouse, browser, web_app, callback_url):
    """CSRF: a page elsewhere that posts the login form with a stolen handle gets nowhere, because
    the victim's browser does not carry the cookie of the attacker's request."""
    _, challenge = pkce_pair()
    attacker = requests.Session()
    page = attacker.get(authorize_url(playhouse, web_app, callback_url, challenge, "attacker"), timeout=10)
    handle = form_handle(page.text)
    forged = ("<form id=f method=post action='%s/authorize/register'>"
              "<input name=request value='%s'><input name=email value='victim-%s@example.com'>"
              "<input name=password value='attacker-chosen'></form>") % (playhouse.base_url, handle, uuid.uuid4().hex[:6])
    browser.get("data:text/html," + forged)
    browser.execute_script("document.getElementById('f').submit()")
    error = wait_for(browser, expected_conditions.presence_of_element_located((By.ID, "error")))
    assert "not started in this browser" in error.text


def test_the_player_allows_some_games_profiles(playhouse, browser, callback_url):
    """Per-game consent: the hosted page lists the games whose profile the app asks for, the player
    unticks one, and the token carries only the others. The app's server (client credentials with
    profile:write) writes a profile document in each game; the player reads the allowed game's and
    is refused the other's. The consent page is photographed at phone width and kept in artifacts/."""
    app = playhouse.create_app("Realm Runner", "--redirect-uri", callback_url, "--scope", "profile", "--scope", "realms.profile",
                               "--scope", "dungeons.profile", "--scope", "skies.profile", "--scope", "profile:write")
    verifier, challenge = pkce_pair()
    browser.delete_all_cookies()
    browser.set_window_size(390, 844)
    browser.get(playhouse.base_url + "/oauth/authorize?" + urlencode({
        "response_type": "code", "client_id": app["client_id"], "redirect_uri": callback_url,
        "scope": "profile realms.profile dungeons.profile skies.profile", "state": "games", "code_challenge": challenge,
        "code_challenge_method": "S256"}))
    browser.find_element(By.CSS_SELECTOR, "#register-section summary").click()
    browser.find_element(By.CSS_SELECTOR, "#register input[name=email]").send_keys(f"games-{uuid.uuid4().hex[:10]}@example.com")
    browser.find_element(By.CSS_SELECTOR, "#register input[name=password]").send_keys("correct horse battery")
    browser.find_element(By.ID, "create-account").click()
    wait_for(browser, expected_conditions.presence_of_element_located((By.ID, "games")))
    boxes = browser.find_elements(By.CSS_SELECTOR, "#games input[name=game]")
    assert [box.get_attribute("value") for box in boxes] == ["realms", "dungeons", "skies"]
    assert all(box.is_selected() for box in boxes)
    browser.find_element(By.ID, "game-dungeons").click()
    assert not browser.find_element(By.ID, "game-dungeons").is_selected()
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"consent-games-phone-{playhouse.engine}.png"))
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    browser.find_element(By.ID, "allow").click()

    answer = back_in_the_game(browser, callback_url)
    token = requests.post(playhouse.base_url + "/oauth/token",
                          data={"grant_type": "authorization_code", "code": answer["code"][0], "code_verifier": verifier,
                                "redirect_uri": callback_url},
                          auth=(app["client_id"], app["client_secret"]), timeout=10)
    assert token.status_code == 200, token.text
    assert token.json()["scope"] == "profile realms.profile skies.profile"
    player = {"Authorization": "Bearer " + token.json()["access_token"]}
    player_id = requests.get(playhouse.base_url + "/v1/me", headers=player, timeout=10).json()["id"]

    server_token = requests.post(playhouse.base_url + "/oauth/token", data={"grant_type": "client_credentials"},
                                 auth=(app["client_id"], app["client_secret"]), timeout=10).json()["access_token"]
    server = {"Authorization": "Bearer " + server_token}
    for game in ["realms", "dungeons"]:
        written = requests.put(f"{playhouse.base_url}/v1/players/{player_id}/profiles/{game}/characters/hero", headers=server,
                               json={"id": "hero", "name": {"en_US": "Hero", "de_DE": "Held"}, "level": 12}, timeout=10)
        assert written.status_code == 201, written.text
    read = requests.get(playhouse.base_url + "/v1/me/profiles/realms/characters/hero?locale=de_DE", headers=player, timeout=10)
    assert read.status_code == 200, read.text
    assert read.json() == {"id": "hero", "name": "Held", "level": 12}
    refused = requests.get(playhouse.base_url + "/v1/me/profiles/dungeons/characters/hero", headers=player, timeout=10)
    assert refused.status_code == 403
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    assert refused.json()["code"] == "insufficient_scope"
    # The player's token cannot write, even their own profile.
    own = requests.put(f"{playhouse.base_url}/v1/players/{player_id}/profiles/realms/characters/hero", headers=player,
                       json={"level": 99}, timeout=10)
    assert own.status_code == 403
