"""Schemathesis against the server's own /openapi.json: every operation, with valid and invalid
inputs. The server must never answer 500, and every response must match the document. Before
that, the document itself: valid OpenAPI 3.1 as served, and its files free of copied blocks."""

import base64
import os
import tomllib
import uuid
from pathlib import Path

import pytest
import requests
import schemathesis
from openapi_spec_validator import validate
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError
from schemathesis.config import SchemathesisConfig

SOURCES = Path(__file__).resolve().parents[2] / "Server/Sources/PlayhouseServer"


def test_the_served_document_is_valid_openapi_3_1(playhouse):
    document = requests.get(playhouse.base_url + "/openapi.json", timeout=10).json()
    assert document["openapi"].startswith("3.1")
    validate(document)  # raises on the first thing the OpenAPI 3.1 schema refuses


def test_the_validator_refuses_a_broken_document(playhouse):
    # The check above can fail: the same document with an operation missing its answers' shape is refused.
    document = requests.get(playhouse.base_url + "/openapi.json", timeout=10).json()
    document["paths"]["/healthz"]["get"]["responses"]["200"] = {"content": "not a map"}
    with pytest.raises(OpenAPIValidationError):
        validate(document)


def repeated_blocks(files, size=6):
    """Runs of `size` non-blank lines (stripped) that stand in more than one place of the files."""
    seen = {}
    for path in files:
        lines = [line.strip() for line in path.read_text().splitlines()]
        for start in range(len(lines) - size + 1):
            block = tuple(lines[start:start + size])
            if all(block):
                seen.setdefault(block, []).append(f"{path.name}:{start + 1}")
    return {block: places for block, places in seen.items() if len(places) > 1}


def test_a_copied_block_is_found(tmp_path):
    block = "".join(f"line{n}: x\n" for n in range(6))
    (tmp_path / "a.openapi.yaml").write_text("head: 1\n" + block)
    (tmp_path / "b.openapi.yaml").write_text(block + "tail: 2\n")
    assert list(repeated_blocks(sorted(tmp_path.glob("*.yaml"))).values()) == [["a.openapi.yaml:2", "b.openapi.yaml:1"]]


def test_the_document_files_repeat_no_block_of_six_lines():
    files = sorted(SOURCES.glob("*/*openapi.yaml"))
    assert len(files) >= 9, files
    repeats = repeated_blocks(files)
    assert not repeats, "\n".join(", ".join(places) + "\n  " + "\n  ".join(block) for block, places in repeats.items())


def schemathesis_config():
    """schemathesis.toml, with its seed and its examples per operation overridden by
    PLAYHOUSE_SCHEMATHESIS_SEED (a number, or "random") and PLAYHOUSE_SCHEMATHESIS_EXAMPLES."""
    settings = tomllib.loads(Path(__file__).with_name("schemathesis.toml").read_text())
    seed = os.environ.get("PLAYHOUSE_SCHEMATHESIS_SEED")
    if seed == "random":
        del settings["seed"]
    elif seed:
        settings["seed"] = int(seed)
    if examples := os.environ.get("PLAYHOUSE_SCHEMATHESIS_EXAMPLES"):
        settings["generation"]["max-examples"] = int(examples)
    return SchemathesisConfig.from_dict(settings)


@pytest.fixture(scope="session")
def api_schema(playhouse):
    config = schemathesis_config()
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


@pytest.fixture(scope="session")
def player_keeps_a_list(playhouse, player_token):
    """A list of the shared player's, so that a long poll from the feed's start answers at once."""
    operation = {"mutation_id": str(uuid.uuid4()), "op": "create_list", "list_id": str(uuid.uuid4()), "name": "Groceries"}
    response = requests.post(playhouse.base_url + "/v1/lists/operations", json={"operations": [operation]},
                             headers={"Authorization": f"Bearer {player_token}"}, timeout=10)
    assert response.status_code == 200, response.text


@pytest.fixture(scope="session")
def operator_session(playhouse):
    """An owner's console session, for the admin API (each sign-out gets one of its own)."""
    return lambda: playhouse.operator_session(f"owner-{uuid.uuid4().hex[:8]}@example.com", "owner")


@pytest.fixture(scope="session")
def owner(operator_session):
    return operator_session()


@schema.parametrize()
def test_every_operation_conforms(case, client_app, app_token, player_token, sign_in_player, player_keeps_a_list, operator_session, owner):
    headers = {}
    if case.path.startswith("/admin/v1/") and case.path not in ("/admin/v1/sessions", "/admin/v1/invitations"):
        # The admin API, as a signed-in owner; signing out ends the session, so it gets one of its own.
        headers.update(operator_session() if case.method == "DELETE" and case.path == "/admin/v1/session" else owner)
    elif not (case.headers and "Authorization" in case.headers):
        if case.path == "/v1/auth/logout" or (case.path == "/v1/me/limits" and case.method == "PUT"):
            # Logout ends the session; a limit (a self-exclusion, say) would stop the shared player's deposits.
            headers["Authorization"] = f"Bearer {sign_in_player()['access_token']}"
        elif case.path in PLAYER_PATHS or case.path.startswith(("/v1/wallet", "/v1/account", "/v1/promotions", "/v1/pages",
                                                                  "/v1/games", "/v1/bets", "/v1/fairness", "/v1/me/links",
                                                                  "/v1/rewards", "/v1/placements", "/v1/opens", "/v1/lists")):
            headers["Authorization"] = f"Bearer {player_token}"
        elif case.path.startswith("/v1/"):
            headers["Authorization"] = f"Bearer {app_token}"
        elif case.path.startswith("/oauth/") and not form_carries_client_credentials(case):
            # The document says: HTTP Basic or form fields, never both (RFC 6749 §2.3).
            credentials = f'{client_app["client_id"]}:{client_app["client_secret"]}'.encode()
            headers["Authorization"] = "Basic " + base64.b64encode(credentials).decode()
    response = case.call_and_validate(headers=headers)
    assert response.status_code < 500
