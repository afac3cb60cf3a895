"""The real server settles due payments by itself: a delayed deposit reaches the ledger with no one
looking at the wallet (the ledger is read through the CLI, which settles nothing)."""

import time

import pytest
import requests

from conftest import ENGINES, Playhouse, player_tokens

# Seconds the sandbox takes to settle a delayed deposit.
DELAY = 2


@pytest.mark.parametrize("engine", ENGINES)
def test_the_server_settles_due_payments_by_itself(engine):
    server = Playhouse(engine)
    server.env.update(PLAYHOUSE_SANDBOX_PAYMENT_DELAY=str(DELAY), PLAYHOUSE_SETTLE_SECONDS="0.2")
    server.start()
    try:
        app = server.create_app("Settling Casino", "--redirect-uri", "settle://authorize")
        server.cli("currencies", "add", app["client_id"], "EUR")
        headers = {"Authorization": f"Bearer {player_tokens(server.base_url, app)['access_token']}"}
        player = requests.get(server.base_url + "/v1/account", headers=headers, timeout=10).json()["id"]
        sent = time.monotonic()
        deposit = requests.post(server.base_url + "/v1/wallet/deposits", headers=headers, timeout=10,
                                json={"amount": {"amount": "7.00", "currency": "EUR"}, "payment_method": "sandbox_delayed"})
        assert deposit.status_code == 201 and deposit.json()["status"] == "pending", deposit.text
        before_due = server.cli("ledger", "show", player, check=False).stdout
        # Not in the ledger before it is due; a machine so busy that the CLI answered only after
        # the delay cannot tell (it once took over a second during a build).
        if time.monotonic() - sent < DELAY:
            assert "ern:deposit:" not in before_due

        reference = "ern:deposit:" + deposit.json()["id"]
        deadline = time.monotonic() + 20
        while reference not in (statement := server.cli("ledger", "show", player, check=False).stdout):
            assert time.monotonic() < deadline, "the delayed deposit was never settled:\n" + statement
            time.sleep(0.3)
        assert "7.00" in statement
    finally:
        server.stop()
