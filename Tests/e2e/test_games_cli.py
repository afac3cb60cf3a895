"""Games as an operator and a player meet them: definitions imported with the CLI (JSON and YAML),
bets over HTTP, and provably fair bets verified with `playhouse fairness verify`, by id and by hand."""

import hashlib
import hmac
import json
import struct
import uuid
from pathlib import Path

import requests

EXAMPLES = Path(__file__).resolve().parents[2] / "Server" / "Examples" / "games"

TINY_SLOT_YAML = """\
id: tiny-slot
name: Tiny Slot
type: slot
min_wager: "0.10"
max_wager: "1.00"
rows: 1
symbols:
  - id: A
  - id: B
  - {id: W, kind: wild}
reels: [[A, B, W], [A, B, W], [A, W]]
paylines: [[0, 0, 0]]
paytable:
  - {symbol: A, count: 3, pays: 10}
  - {symbol: B, count: 3, pays: 5}
  - {symbol: W, count: 3, pays: 20}
"""


def call(playhouse, method, path, token, body=None, key=None):
    headers = {"Authorization": f"Bearer {token}"}
    if key:
        headers["Idempotency-Key"] = key
    return requests.request(method, playhouse.base_url + path, json=body, headers=headers, timeout=10)


def draws(server_seed, client_seed, nonce, bounds):
    """The documented algorithm, written out independently of the server."""
    out, buffer, block = [], b"", 0
    for bound in bounds:
        limit = 2**32 - (2**32 % bound)
        while True:
            if len(buffer) < 4:
                message = f"{client_seed}:{nonce}" if block == 0 else f"{client_seed}:{nonce}:{block}"
                buffer = hmac.new(server_seed.encode(), message.encode(), hashlib.sha256).digest()
                block += 1
            value = struct.unpack(">I", buffer[:4])[0]
            buffer = buffer[4:]
            if value < limit:
                out.append(value % bound)
                break
    return out


def test_import_bet_and_verify(playhouse, client_app, sign_in_player, tmp_path):
    client_id = client_app["client_id"]
    yaml_file = tmp_path / "tiny-slot.yaml"
    yaml_file.write_text(TINY_SLOT_YAML)
    imported = playhouse.cli("games", "import", client_id, str(EXAMPLES / "wheel-of-fortune.json"), str(yaml_file)).stdout
    assert "wheel-of-fortune" in imported and "RTP 95.0000% exactly (19/20)" in imported
    # The tiny slot's return, worked out by hand: 105 over 18 combinations.
    assert "tiny-slot" in imported and "(35/6)" in imported
    listed = json.loads(playhouse.cli("games", "list", client_id, "--json").stdout)
    assert {"tiny-slot", "wheel-of-fortune"} <= {game["id"] for game in listed}

    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"id": "broken", "name": "Broken", "type": "wheel", "min_wager": "1", "max_wager": "2",
                                  "segments": [0, 0]}))
    refused = playhouse.cli("games", "import", client_id, str(broken), check=False)
    assert refused.returncode != 0 and "a wheel must pay something" in refused.stderr + refused.stdout

    token = sign_in_player()["access_token"]
    assert call(playhouse, "POST", "/v1/wallet/deposits", token, {"amount": {"amount": "50.00", "currency": "EUR"}}).status_code == 201
    assert call(playhouse, "PUT", "/v1/fairness/client-seed", token, {"client_seed": "e2e-seed"}).status_code == 200
    bets = []
    for _ in range(3):
        response = call(playhouse, "POST", "/v1/games/wheel-of-fortune/bet", token, {"currency": "EUR", "wager": "1.00"},
                        key=str(uuid.uuid4()))
        assert response.status_code == 201, response.text
        bets.append(response.json())

    # The operator verifies a bet by id, before the seed is revealed to the player.
    verified = playhouse.cli("fairness", "verify", "--bet", bets[0]["id"])
    assert "Verified." in verified.stdout and "matches" in verified.stdout

    # After rotation the player holds everything: the draws follow the documented algorithm...
    rotation = call(playhouse, "POST", "/v1/fairness/rotate", token).json()
    seed = rotation["revealed"]["server_seed"]
    assert hashlib.sha256(seed.encode()).hexdigest() == bets[0]["fairness"]["server_seed_hash"]
    for bet in bets:
        assert draws(seed, "e2e-seed", bet["fairness"]["nonce"], [20]) == bet["stops"]

    # ...and the CLI re-derives a bet by hand; a tampered nonce does not match.
    bet = bets[1]
    args = ["fairness", "verify", "--game", str(EXAMPLES / "wheel-of-fortune.json"), "--server-seed", seed,
            "--server-seed-hash", bet["fairness"]["server_seed_hash"], "--client-seed", "e2e-seed",
            "--stops", ",".join(map(str, bet["stops"]))]
    assert "Verified." in playhouse.cli(*args, "--nonce", str(bet["fairness"]["nonce"])).stdout
    mismatches = 0
    for nonce in range(bet["fairness"]["nonce"] + 1, bet["fairness"]["nonce"] + 6):
        result = playhouse.cli(*args, "--nonce", str(nonce), check=False)
        mismatches += result.returncode != 0 and "DOES NOT MATCH" in result.stdout
    assert mismatches >= 1  # 20 equally likely segments: five other nonces all landing on the bet's is a 1 in 3.2 million chance

    # A closed game refuses bets until it opens again.
    playhouse.cli("games", "close", client_id, "wheel-of-fortune")
    closed = call(playhouse, "POST", "/v1/games/wheel-of-fortune/bet", token, {"currency": "EUR", "wager": "1.00"})
    assert closed.status_code == 422 and closed.json()["code"] == "game_closed"
    playhouse.cli("games", "open", client_id, "wheel-of-fortune")
    assert call(playhouse, "POST", "/v1/games/wheel-of-fortune/bet", token, {"currency": "EUR", "wager": "1.00"}).status_code == 201
    playhouse.cli("ledger", "verify")


def test_simulation_agrees_with_the_exact_return(playhouse):
    result = playhouse.cli("games", "simulate", str(EXAMPLES / "wheel-of-fortune.json"), "--spins", "200000", "--quiet")
    assert "exact RTP       95.0000%" in result.stdout
    assert "within the 99.9% interval" in result.stdout
