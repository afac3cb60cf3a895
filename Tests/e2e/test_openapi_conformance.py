"""Schemathesis against the server's own /openapi.json: every operation, with valid and invalid
inputs. The server must never answer 500, and every response must match the document."""

import base64
from pathlib import Path

import pytest
import requests
import schemathesis
from schemathesis.config import SchemathesisConfig


@pytest.fixture(scope="session")
def api_schema(playhouse):
    config = SchemathesisConfig.from_path(Path(__file__).with_name("schemathesis.toml"))
    return schemathesis.openapi.from_url(playhouse.base_url + "/openapi.json", config=config)


@pytest.fixture(scope="session")
def app_token(playhouse, client_app):
    response = requests.post(playhouse.base_url + "/oauth/token", data={"grant_type": "client_credentials"},
                             auth=(client_app["client_id"], client_app["client_secret"]), timeout=10)
    assert response.status_code == 200, response.text
    return response.json()["access_token"]


schema = schemathesis.pytest.from_fixture("api_schema")


def form_carries_client_credentials(case):
    return isinstance(case.body, dict) and ("client_id" in case.body or "client_secret" in case.body)


@pytest.fixture(scope="session")
def player_token(sign_in_player):
    return sign_in_player()["access_token"]


# Operations that act for a signed-in player; logout ends the session, so it gets a fresh one each time.
PLAYER_PATHS = {"/v1/me", "/v1/me/limits", "/v1/can-i-gamble", "/oauth/userinfo"}


@schema.parametrize()
def test_every_operation_conforms(case, client_app, app_token, player_token, sign_in_player):
    headers = {}
    if not (case.headers and "Authorization" in case.headers):
        if case.path == "/v1/auth/logout" or (case.path == "/v1/me/limits" and case.method == "PUT"):
            # Logout ends the session; a limit (a self-exclusion, say) would stop the shared player's deposits.
            headers["Authorization"] = f"Bearer {sign_in_player()['access_token']}"
        elif case.path in PLAYER_PATHS or case.path.startswith(("/v1/wallet", "/v1/account", "/v1/promotions", "/v1/pages",
                                                                  "/v1/games", "/v1/bets", "/v1/fairness", "/v1/me/links",
                                                                  "/v1/rewards", "/v1/placements", "/v1/opens")):
            headers["Authorization"] = f"Bearer {player_token}"
        elif case.path.startswith("/v1/"):
            headers["Authorization"] = f"Bearer {app_token}"
        elif case.path.startswith("/oauth/") and not form_carries_client_credentials(case):
            # The document says: HTTP Basic or form fields, never both (RFC 6749 §2.3).
            credentials = f'{client_app["client_id"]}:{client_app["client_secret"]}'.encode()
            headers["Authorization"] = "Basic " + base64.b64encode(credentials).decode()
    response = case.call_and_validate(headers=headers)
    assert response.status_code < 500
