"""The real server under a bounded concurrent load of money movements (deposits, withdrawals and
bets on the example wheel) is killed with SIGKILL and
restarted: every movement that got a 2xx is in the ledger exactly once, a movement whose answer was
lost is settled by retrying it with its Idempotency-Key, nothing else is in the ledger, and
`playhouse ledger verify` passes. On SQLite, on PostgreSQL, and with two instances on one PostgreSQL;
on PostgreSQL the killed instance was writing deposits and bets together (its combined writes,
GET /metrics, carried more movements than statements before the kill)."""

import random
import signal
import subprocess
from decimal import Decimal
from pathlib import Path
import threading
import time
import uuid

import pytest
import requests

from conftest import ENGINES, POSTGRES_URL, Playhouse, player_tokens

PLAYERS = 8
WORKERS = 24
LOAD_SECONDS = 2.0
WHEEL = Path(__file__).resolve().parents[2] / "Server" / "Examples" / "games" / "wheel-of-fortune.json"


def start_second(first):
    """Another instance on the first one's PostgreSQL schema."""
    from conftest import free_port
    second = Playhouse("postgres")
    second.port = free_port()
    second.base_url = f"http://127.0.0.1:{second.port}"
    second.env = dict(first.env, PLAYHOUSE_PORT=str(second.port))
    return second.start()


def movement(kind, amount, player):
    return {"kind": kind, "key": str(uuid.uuid4()), "amount": amount, "player": player}


def send(base_url, token, move):
    headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": move["key"]}
    if move["kind"] == "bet":
        return requests.post(base_url + "/v1/games/wheel-of-fortune/bet", json={"currency": "EUR", "wager": move["amount"]},
                             headers=headers, timeout=10)
    path = "/v1/wallet/deposits" if move["kind"] == "deposit" else "/v1/wallet/withdrawals"
    return requests.post(base_url + path, json={"amount": {"amount": move["amount"], "currency": "EUR"}}, headers=headers, timeout=10)


def record(move, response):
    """Keeps what a movement did: its payment's or bet's id, and a bet's net effect on the wallet."""
    move["status"] = response.status_code
    if response.status_code in (200, 201):
        body = response.json()
        move["payment"] = body["id"]
        if move["kind"] == "bet":
            move["net"] = Decimal(body["payout"]) - Decimal(body["stake"])


def combined(base_url):
    """The combined writer's movements and statements so far, deposits and bets together."""
    counts = {"writes": 0, "statements": 0}
    for line in requests.get(base_url + "/metrics", timeout=10).text.splitlines():
        for name in counts:
            if line.startswith(f"playhouse_combined_{name}_total{{"):
                counts[name] += int(float(line.split()[-1]))
    return counts


def hold_wallets(server, seconds):
    """Every wallet locked for `seconds` by a transaction of its own: the money movements sent
    meanwhile queue behind it, and the instances then write the waiting ones together."""
    schema = server.env["PLAYHOUSE_DATABASE_SCHEMA"]
    # In id order, as the server locks them, so that it never deadlocks with the server's writes.
    held = subprocess.run(["psql", POSTGRES_URL, "-q", "-v", "ON_ERROR_STOP=1", "-c",
                           f"""BEGIN; SELECT 1 FROM "{schema}".ledger_accounts WHERE owner LIKE 'wallet:%' ORDER BY id FOR UPDATE;"""
                           f" SELECT pg_sleep({seconds}); COMMIT;"], capture_output=True, text=True, timeout=30)
    assert held.returncode == 0, held.stderr


def load(servers, tokens, moves, stop):
    """Sends random deposits and withdrawals until `stop` is set; records each movement's answer."""
    rng = random.Random()
    while not stop.is_set():
        player = rng.randrange(PLAYERS)
        roll = rng.random()
        kind = "deposit" if roll < 0.45 else "withdrawal" if roll < 0.7 else "bet"
        move = movement(kind, f"{rng.randint(10, 2000) / 100:.2f}", player)
        moves.append(move)
        try:
            record(move, send(rng.choice(servers).base_url, tokens[player], move))
        except requests.RequestException:
            move["status"] = None  # the answer was lost: maybe done, maybe not


@pytest.mark.parametrize("instances", [1, 2] if POSTGRES_URL else [1])
@pytest.mark.parametrize("engine", ENGINES)
def test_a_killed_server_loses_and_duplicates_no_money(engine, instances):
    if instances == 2 and engine != "postgres":
        pytest.skip("several instances share PostgreSQL only")
    first = Playhouse(engine).start()
    servers = [first] + ([start_second(first)] if instances == 2 else [])
    try:
        app = first.create_app("Crash Casino", "--redirect-uri", "crash://authorize")
        first.cli("currencies", "add", app["client_id"], "EUR")
        first.cli("games", "import", app["client_id"], str(WHEEL))
        tokens = [player_tokens(first.base_url, app)["access_token"] for _ in range(PLAYERS)]

        moves, stop, written = [], threading.Event(), None
        threads = [threading.Thread(target=load, args=(servers, tokens, moves, stop)) for _ in range(WORKERS)]
        try:
            for thread in threads:
                thread.start()
            time.sleep(LOAD_SECONDS / 2)
            if engine == "postgres":
                hold_wallets(first, 0.5)
                time.sleep(0.3)
                written = combined(first.base_url)
            time.sleep(LOAD_SECONDS / 2)
            first.process.send_signal(signal.SIGKILL)  # mid-flight: some answers are lost
            first.process.wait()
            time.sleep(0.5)
        finally:
            stop.set()
            for thread in threads:
                thread.join()
        if written is not None:
            assert written["writes"] > written["statements"] > 0, f"no movements were written together: {written}"
        answered = [m for m in moves if m["status"] in (200, 201)]
        assert len(answered) > 20, f"too little load before the kill: {len(moves)} sent"
        assert any(m["kind"] == "bet" for m in answered), "no bet was placed before the kill"

        first.process = None
        first.start()  # same data directory or schema
        # Answers lost in the crash: the client retries with the same key, as the SDK does.
        for move in [m for m in moves if m["status"] is None]:
            response = send(first.base_url, tokens[move["player"]], move)
            assert response.status_code in (201, 422), response.text
            record(move, response)
        # A retry of an answered movement is a replay, never a second movement.
        for move in answered[:10]:
            replay = send(first.base_url, tokens[move["player"]], move)
            assert replay.status_code == 201 and replay.json()["id"] == move["payment"]
            assert replay.headers.get("Idempotent-Replayed") == "true"

        for player, token in enumerate(tokens):
            mine = [m for m in moves if m["player"] == player and m.get("payment")]
            expected_deposits = sorted(m["payment"] for m in mine if m["kind"] == "deposit")
            expected_withdrawals = sorted(m["payment"] for m in mine if m["kind"] == "withdrawal")
            expected_bets = sorted(m["payment"] for m in mine if m["kind"] == "bet")
            history, cursor = [], None
            while True:
                params = {"limit": 100, **({"cursor": cursor} if cursor else {})}
                page = requests.get(first.base_url + "/v1/wallet/transactions", params=params,
                                    headers={"Authorization": f"Bearer {token}"}, timeout=10).json()
                history += page["data"]
                cursor = page.get("next_cursor")
                if not cursor:
                    break
            booked = lambda kind: sorted(t["reference"].split(":")[-1] for t in history if t["kind"] == kind)
            assert booked("deposit") == expected_deposits
            assert booked("withdrawal") == expected_withdrawals
            # A bet is one transaction (a paying one posted as its net), one line of the history.
            assert sorted(set(booked("bet"))) == expected_bets
            assert len({t["id"] for t in history if t["kind"] == "bet"}) == len(expected_bets)
            change = {"deposit": 1, "withdrawal": -1}
            cents = sum(round(m["net"] * 100) if m["kind"] == "bet" else round(float(m["amount"]) * 100) * change[m["kind"]] for m in mine)
            wallet = requests.get(first.base_url + "/v1/wallet", headers={"Authorization": f"Bearer {token}"}, timeout=10).json()
            balance = next(b for b in wallet["balances"] if b["available"]["currency"] == "EUR")
            # Withdrawals are held until paid out: the money left the available balance either way.
            assert round(float(balance["available"]["amount"]) * 100) == cents

        account = requests.get(first.base_url + "/v1/account", headers={"Authorization": f"Bearer {tokens[0]}"}, timeout=10).json()
        statement = first.cli("ledger", "show", account["id"]).stdout
        assert f"Player {account['id']}" in statement and "wallet" in statement and " EUR" in statement, statement

        verify = first.cli("ledger", "verify", check=False)
        assert verify.returncode == 0, verify.stdout + verify.stderr
        assert "the ledger is sound" in verify.stdout
    finally:
        for server in reversed(servers):
            server.stop()
