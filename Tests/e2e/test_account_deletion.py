"""A player deletes their account over plain HTTP, and support deletes one from the command line:
the receipt, the money written off, every former token refused, the ledger still sound."""

import time

import requests

from conftest import player_tokens


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def refused_soon(base_url, token, deadline=10):
    """The server refuses `token` (a command line's revocation reaches a SQLite server once its
    cache entry is older than a second); waits on the answers, never longer than `deadline`."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if requests.get(base_url + "/v1/me", headers=bearer(token), timeout=10).status_code == 401:
            return True
        time.sleep(0.1)
    return False


def test_a_player_deletes_their_account_and_gets_a_receipt(playhouse, client_app):
    tokens = player_tokens(playhouse.base_url, client_app)
    token = tokens["access_token"]
    deposit = requests.post(playhouse.base_url + "/v1/wallet/deposits", headers=bearer(token),
                            json={"amount": {"amount": "5.00", "currency": "EUR"}}, timeout=10)
    assert deposit.status_code == 201, deposit.text

    answer = requests.post(playhouse.base_url + "/v1/me/deletion", headers=bearer(token), timeout=10)
    assert answer.status_code == 200, answer.text
    receipt = answer.json()
    assert receipt["id"].startswith("ern:deletion:")
    assert receipt["written_off"] == [{"amount": {"amount": "5.00", "currency": "EUR"}, "economy": "sandbox"}]
    assert requests.get(playhouse.base_url + "/v1/me", headers=bearer(token), timeout=10).status_code == 401
    refreshed = requests.post(playhouse.base_url + "/oauth/token",
                              data={"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"]},
                              auth=(client_app["client_id"], client_app["client_secret"]), timeout=10)
    assert refreshed.status_code == 400
    playhouse.cli("ledger", "verify")  # exits non-zero on any violation


def test_support_deletes_an_account_from_the_command_line(playhouse, client_app):
    token = player_tokens(playhouse.base_url, client_app)["access_token"]
    player = requests.get(playhouse.base_url + "/v1/me", headers=bearer(token), timeout=10).json()["id"]

    deleted = playhouse.cli("players", "delete", client_app["client_id"], player)
    assert f"Deleted player {player}: receipt ern:deletion:" in deleted.stdout
    assert refused_soon(playhouse.base_url, token)
    # A second time: the same receipt, nothing else happens.
    again = playhouse.cli("players", "delete", client_app["client_id"], player)
    assert again.stdout.split("receipt ")[1].split(",")[0] == deleted.stdout.split("receipt ")[1].split(",")[0]
    # An id that is no player's is a readable refusal.
    unknown = playhouse.cli("players", "delete", client_app["client_id"], "00000000-0000-4000-8000-000000000000", check=False)
    assert unknown.returncode != 0 and "player" in (unknown.stdout + unknown.stderr).lower()


def test_support_exports_a_players_data_from_the_command_line(playhouse, client_app):
    import json

    tokens = player_tokens(playhouse.base_url, client_app)
    me = requests.get(playhouse.base_url + "/v1/me", headers=bearer(tokens["access_token"]), timeout=10).json()
    exported = json.loads(playhouse.cli("players", "export", client_app["client_id"], me["id"]).stdout)
    assert exported["profile"]["id"] == me["id"] and exported["sign_in"]["email"] == me["email"]
    assert exported["sign_in"]["password"] is True and "password_hash" not in json.dumps(exported)
    assert exported["app"]["client_id"] == client_app["client_id"]
    # The player's own copy is the same document.
    own = requests.get(playhouse.base_url + "/v1/me/export", headers=bearer(tokens["access_token"]), timeout=10)
    assert own.status_code == 200 and own.headers["Content-Disposition"].startswith("attachment")
    assert own.json()["profile"] == exported["profile"]
