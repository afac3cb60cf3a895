"""The `playhouse` command line as a newcomer uses it: first start, then apps create, list, show,
rotate-secret and delete, against the running server's database."""

import json
import re
import subprocess
from pathlib import Path

import pytest
import requests

from conftest import BINARY, Playhouse, free_port, wait_until_ready


@pytest.fixture
def fresh(request):
    """A server of its own on an empty database (SQLite), so its first start can be seen."""
    server = Playhouse("sqlite").start()
    yield server
    server.stop()


def token_status(server, client_id, secret):
    response = requests.post(server.base_url + "/oauth/token", data={"grant_type": "client_credentials"},
                             auth=(client_id, secret), timeout=10)
    return response.status_code


def test_first_start_says_what_to_do_next(fresh):
    log = fresh.log()
    assert "playhouse apps create --name" in log
    assert f"{fresh.base_url}/openapi.json" in log


def test_a_first_start_at_the_default_level_says_its_migrations_in_one_line(tmp_path):
    server = Playhouse("sqlite")
    server.env.update(PLAYHOUSE_LOG_LEVEL="info")
    server.start()
    try:
        log = server.log()
        applied = [line for line in log.splitlines() if "msg=\"applied " in line]
        assert len(applied) == 1, log
        assert "migrations" in applied[0]
        assert "[Migrator]" not in log
        assert log.index("applied ") < log.index("Welcome to Playhouse")
    finally:
        server.stop()


def test_flags_choose_port_and_data_directory(tmp_path):
    port = free_port()
    env = {"PATH": "/usr/bin:/bin"}
    process = subprocess.Popen([str(BINARY), "serve", "--port", str(port), "--data-dir", str(tmp_path / "data"),
                                "--log-level", "error"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_ready(f"http://127.0.0.1:{port}", process)
        assert requests.get(f"http://127.0.0.1:{port}/readyz", timeout=5).json()["status"] == "ok"
        assert (tmp_path / "data" / "playhouse.sqlite").exists()
    finally:
        process.terminate()
        process.wait(timeout=15)


def test_a_bad_setting_is_refused_with_a_message(tmp_path):
    result = subprocess.run([str(BINARY), "serve", "--data-dir", str(tmp_path)], env={"PLAYHOUSE_PORT": "eighty"},
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "PLAYHOUSE_PORT" in result.stderr + result.stdout


def test_create_prints_the_secret_once(fresh):
    created = fresh.cli("apps", "create", "--name", "My Game", "--redirect-uri", "mygame://authorize",
                        "--environment", "production").stdout
    client_id = re.search(r"\bph_[A-Za-z0-9_-]+", created).group(0)
    secret = re.search(r"phs_[A-Za-z0-9_-]+", created).group(0)
    assert "shown only now" in created
    assert token_status(fresh, client_id, secret) == 200

    listed = fresh.cli("apps", "list").stdout
    assert client_id in listed and "production" in listed and "My Game" in listed
    shown = json.loads(fresh.cli("apps", "show", client_id, "--json").stdout)
    assert shown["redirect_uris"] == ["mygame://authorize"]
    assert shown["environment"] == "production"
    assert secret not in listed and "client_secret" not in shown

    # Only a hash is stored: the secret's text is nowhere in the database file.
    database = Path(fresh.data_dir) / "playhouse.sqlite"
    stored = b"".join(path.read_bytes() for path in database.parent.glob("playhouse.sqlite*"))
    assert secret.encode() not in stored and client_id.encode() in stored


def test_rotate_secret_then_delete(fresh):
    app = fresh.create_app("Rotating Game")
    client_id, old_secret = app["client_id"], app["client_secret"]
    token = requests.post(fresh.base_url + "/oauth/token", data={"grant_type": "client_credentials"},
                          auth=(client_id, old_secret), timeout=10).json()["access_token"]

    rotated = json.loads(fresh.cli("apps", "rotate-secret", client_id, "--json").stdout)
    assert rotated["client_secret"] != old_secret
    assert token_status(fresh, client_id, old_secret) == 401
    assert token_status(fresh, client_id, rotated["client_secret"]) == 200

    assert "Deleted" in fresh.cli("apps", "delete", client_id).stdout
    assert token_status(fresh, client_id, rotated["client_secret"]) == 401
    app_call = requests.get(fresh.base_url + "/v1/app", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert app_call.status_code == 401
    missing = fresh.cli("apps", "show", client_id, check=False)
    assert missing.returncode != 0 and "no app" in missing.stderr + missing.stdout


def test_invalid_input_is_explained(fresh):
    result = fresh.cli("apps", "create", "--name", "", "--redirect-uri", "not a uri", check=False)
    assert result.returncode != 0
    assert "name" in (result.stderr + result.stdout).lower()


def test_a_phone_pin_read_from_the_sms_outbox_signs_a_player_in(playhouse, client_app):
    """Kuggle's sign-in by phone, end to end: the app asks for a PIN, the default provider puts the
    text in the outbox, `playhouse sms outbox` shows it, and the PIN is exchanged for tokens."""
    auth = (client_app["client_id"], client_app["client_secret"])
    app_token = requests.post(playhouse.base_url + "/oauth/token", data={"grant_type": "client_credentials"},
                              auth=auth, timeout=10).json()["access_token"]
    phone = "+4520" + str(free_port()).zfill(6)[-6:]
    sent = requests.post(playhouse.base_url + "/v1/auth/phone/pin", json={"phone_number": phone},
                         headers={"Authorization": f"Bearer {app_token}"}, timeout=10)
    assert sent.status_code == 202, sent.text

    outbox = json.loads(playhouse.cli("sms", "outbox", "--phone", phone, "--json").stdout)
    assert len(outbox) == 1 and outbox[0]["to"] == phone
    pin = re.search(r"\b(\d{6})\b", outbox[0]["text"]).group(1)

    tokens = requests.post(playhouse.base_url + "/oauth/token", auth=auth, timeout=10,
                           data={"grant_type": "urn:playhouse:grant-type:phone-pin", "phone_number": phone, "pin": pin})
    assert tokens.status_code == 200, tokens.text
    assert tokens.json()["player_created"] is True
    me = requests.get(playhouse.base_url + "/v1/me", headers={"Authorization": "Bearer " + tokens.json()["access_token"]}, timeout=10)
    assert me.json()["phone_number"] == phone


def test_operators_are_invited_listed_and_disabled_and_the_audit_log_says_so(playhouse):
    link = playhouse.invite_operator("cli-owner@example.com", "owner")
    assert "/console/invitation?token=phi_" in link
    listed = {o["email"]: o for o in json.loads(playhouse.cli("operators", "list", "--json").stdout)}
    assert listed["cli-owner@example.com"]["role"] == "owner" and not listed["cli-owner@example.com"]["active"]
    again = playhouse.cli("operators", "create", "--email", "CLI-owner@example.com", "--role", "owner", check=False)
    assert again.returncode != 0 and "already" in again.stderr
    wrong = playhouse.cli("operators", "create", "--email", "x@example.com", "--role", "king", check=False)
    assert wrong.returncode != 0 and "king" in wrong.stderr

    assert "Disabled" in playhouse.cli("operators", "disable", "cli-owner@example.com").stdout
    assert requests.get(link, timeout=10).status_code == 404, "a disabled operator's invitation no longer opens"
    # JSON lines end at "\n" only: a value may hold U+2028 and the like, which splitlines() would split at.
    entries = [json.loads(line) for line in playhouse.cli("audit-log").stdout.split("\n") if line]
    mine = [e for e in entries if e["target"].startswith("ern:operator:") and "cli-owner@example.com" in json.dumps(e.get("after"))]
    assert [e["action"] for e in mine] == ["operator invited", "operator disabled"]
    assert all(e["actor"].startswith("command line") for e in mine)
