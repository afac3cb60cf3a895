"""Starts the real `playhouse` binary for the Python suite: on SQLite always, and on PostgreSQL
too when PLAYHOUSE_TEST_DATABASE_URL is set (scripts/test sets it)."""

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("PLAYHOUSE_BIN", ROOT / "Server/.build/debug/playhouse"))
POSTGRES_URL = os.environ.get("PLAYHOUSE_TEST_DATABASE_URL") or None
ENGINES = ["sqlite"] + (["postgres"] if POSTGRES_URL else [])


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_ready(base_url, process, log=lambda: ""):
    """Waits up to 60 s for /readyz to answer 200; fails the test if the server exits or never does."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the server exited with {process.returncode}:\n{log()}")
        try:
            if requests.get(base_url + "/readyz", timeout=1).status_code == 200:
                return
        except requests.ConnectionError:
            pass
        time.sleep(0.1)
    pytest.fail(f"the server was not ready within 60 s:\n{log()}")


class Playhouse:
    """One running server, plus its CLI pointed at the same database."""

    def __init__(self, engine):
        self.engine = engine
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.data_dir = tempfile.mkdtemp(prefix="playhouse-e2e-")
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("PLAYHOUSE_")}
        self.env.update(PLAYHOUSE_DATA_DIR=self.data_dir, PLAYHOUSE_PORT=str(self.port), PLAYHOUSE_LOG_LEVEL="warning",
                        # Schemathesis sends thousands of deliberately bad credentials from 127.0.0.1;
                        # the limiter itself is tested in the server suite.
                        PLAYHOUSE_CLIENT_AUTH_FAILURE_LIMIT="1000000",
                        # bcrypt's cheapest cost: the suite registers a player for many of its requests
                        # (at the default 12, a debug build spent over a minute per engine on one operation).
                        PLAYHOUSE_PASSWORD_HASH_COST="4")
        if engine == "postgres":
            self.env.update(PLAYHOUSE_DATABASE_URL=POSTGRES_URL,
                            PLAYHOUSE_DATABASE_SCHEMA="e2e_" + uuid.uuid4().hex[:12])
        self.process = None
        self.output = None

    def start(self):
        if not BINARY.exists():
            pytest.fail(f"{BINARY} does not exist: build it with `swift build --package-path Server --product playhouse`")
        self.output = open(Path(self.data_dir) / "server.log", "w+")
        self.process = subprocess.Popen([str(BINARY), "serve"], env=self.env, stdout=self.output, stderr=subprocess.STDOUT)
        wait_until_ready(self.base_url, self.process, self.log)
        return self

    def log(self):
        self.output.flush()
        self.output.seek(0)
        return self.output.read()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.engine == "postgres":
            drop = ["psql", POSTGRES_URL, "-q", "-c", f'DROP SCHEMA IF EXISTS "{self.env["PLAYHOUSE_DATABASE_SCHEMA"]}" CASCADE']
            if shutil.which("psql"):
                subprocess.run(drop, capture_output=True)
        if self.output:
            self.output.close()
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def cli(self, *args, check=True):
        """Runs `playhouse <args>` on this server's database."""
        result = subprocess.run([str(BINARY), *args], env=self.env, capture_output=True, text=True, timeout=120)
        if check and result.returncode != 0:
            raise AssertionError(f"playhouse {' '.join(args)} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
        return result

    def backdate_reality_check(self, session_id, seconds):
        """Moves a play session's reality-check period `seconds` into the past, as if that much time
        had gone by: a running server's clock cannot be injected, and tests do not sleep for timers."""
        if self.engine == "sqlite":
            import sqlite3
            db = sqlite3.connect(Path(self.data_dir) / "playhouse.sqlite")
            key = uuid.UUID(session_id)
            forms = (key.bytes, str(key), str(key).upper())  # however the driver stored the id
            kind = db.execute("SELECT typeof(reality_check_started_at) FROM play_sessions WHERE id IN (?, ?, ?)", forms).fetchone()
            assert kind == ("real",), f"session {session_id}: {kind}"
            db.execute("UPDATE play_sessions SET reality_check_started_at = reality_check_started_at - ? WHERE id IN (?, ?, ?)",
                       (seconds, *forms))
            db.commit()
            db.close()
        else:
            schema = self.env["PLAYHOUSE_DATABASE_SCHEMA"]
            subprocess.run(["psql", POSTGRES_URL, "-q", "-v", "ON_ERROR_STOP=1", "-c",
                            f'UPDATE "{schema}".play_sessions SET reality_check_started_at = reality_check_started_at'
                            f" - interval '{int(seconds)} seconds' WHERE id = '{uuid.UUID(session_id)}'"], check=True)

    def create_app(self, name="E2E Game", *extra):
        return json.loads(self.cli("apps", "create", "--name", name, "--json", *extra).stdout)

    def invite_operator(self, email, role):
        """Invites a console operator from the command line; returns the one-time invitation link."""
        return json.loads(self.cli("operators", "create", "--email", email, "--role", role, "--json").stdout)["invitation_url"]

    def operator_session(self, email, role, password="correct horse battery"):
        """An operator invited, their password set and signed in through the admin API: the session's
        cookie and CSRF token, as {"Cookie": …, "X-CSRF-Token": …} headers."""
        from urllib.parse import parse_qs, urlparse

        invitation = parse_qs(urlparse(self.invite_operator(email, role)).query)["token"][0]
        accepted = requests.post(self.base_url + "/admin/v1/invitations", json={"invitation": invitation, "password": password}, timeout=10)
        assert accepted.status_code == 200, accepted.text
        signed_in = requests.post(self.base_url + "/admin/v1/sessions", json={"email": email, "password": password}, timeout=10)
        assert signed_in.status_code == 201, signed_in.text
        return {"Cookie": "playhouse_console=" + signed_in.cookies["playhouse_console"], "X-CSRF-Token": signed_in.json()["csrf_token"]}


@pytest.fixture(scope="session", params=ENGINES)
def playhouse(request):
    server = Playhouse(request.param).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def client_app(playhouse):
    """A sandbox app registered with the CLI: its JSON, client_secret included."""
    app = playhouse.create_app("Authlib Arcade", "--redirect-uri", "arcade://authorize")
    playhouse.cli("currencies", "add", app["client_id"], "EUR")
    return app


ARTIFACTS = ROOT / "artifacts"


@pytest.fixture(scope="session")
def browser():
    """A real headless Chromium driven by Selenium."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        pytest.fail("chromium and chromium-driver are needed: scripts/test installs them")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=en-US"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def pkce_pair():
    """A PKCE verifier and its S256 challenge (RFC 7636)."""
    import base64
    import hashlib
    import secrets
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def form_handle(page_html):
    """The request handle in a hosted page's hidden form field."""
    import re
    match = re.search(r'name="request" value="([^"]+)"', page_html)
    assert match, page_html
    return match.group(1)


def hosted_sign_in(authorize_url, email, password, register=True, decision="allow"):
    """Goes through the hosted page as a browser would (a new browser), posting its forms with the
    browser cookie; returns the Location the player is sent back to."""
    browser = requests.Session()
    page = browser.get(authorize_url, timeout=10)
    assert page.status_code == 200, page.text
    handle = form_handle(page.text)
    base = authorize_url.split("/oauth/authorize")[0]
    signed_in = browser.post(base + ("/authorize/register" if register else "/authorize/login"),
                             data={"request": handle, "email": email, "password": password}, allow_redirects=False, timeout=30)
    if signed_in.status_code == 303:  # the player allowed these scopes before
        return signed_in.headers["Location"]
    assert signed_in.status_code == 200, signed_in.text
    answer = browser.post(base + "/authorize/consent", data={"request": handle, "decision": decision},
                          allow_redirects=False, timeout=10)
    assert answer.status_code == 303, answer.text
    return answer.headers["Location"]


@pytest.fixture(scope="session")
def sign_in_player(playhouse, client_app):
    """Signs a new player of client_app in through the hosted page; returns the token response."""
    def sign_in(scope="profile wallet play lists"):
        return player_tokens(playhouse.base_url, client_app, scope)

    return sign_in


def player_tokens(base_url, app, scope="profile wallet play lists"):
    """Registers a new player of `app` on the hosted page at `base_url`; returns the token response."""
    from urllib.parse import parse_qs, urlencode, urlparse

    redirect_uri = app["redirect_uris"][0]
    verifier, challenge = pkce_pair()
    query = urlencode({"response_type": "code", "client_id": app["client_id"], "scope": scope,
                       "redirect_uri": redirect_uri, "state": "s",
                       "code_challenge": challenge, "code_challenge_method": "S256"})
    location = hosted_sign_in(f"{base_url}/oauth/authorize?{query}",
                              f"player-{uuid.uuid4().hex[:12]}@example.com", "correct horse battery")
    code = parse_qs(urlparse(location).query)["code"][0]
    response = requests.post(base_url + "/oauth/token",
                             data={"grant_type": "authorization_code", "code": code, "code_verifier": verifier,
                                   "redirect_uri": redirect_uri},
                             auth=(app["client_id"], app["client_secret"]), timeout=10)
    assert response.status_code == 200, response.text
    return response.json()
