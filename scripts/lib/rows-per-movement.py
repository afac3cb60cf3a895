"""The measuring part of scripts/rows-per-movement, which starts PostgreSQL and the server, registers
the app and runs this with the server's environment (so that the CLI reaches the same database):

    rows-per-movement.py BASE_URL CLIENT_ID CLIENT_SECRET PLAYHOUSE_BINARY PSQL DATABASE_URL COUNT WORK_DIR

Each movement is prepared (what it needs: not counted), done once (its one-off rows: counted apart),
then COUNT more times, with pg_stat_user_tables read between, and a Markdown table printed."""
import json
import subprocess
import sys
import time
import uuid

import requests

from bench_players import Server

base, client_id, secret, binary, psql, database, count, work = sys.argv[1:9]
count = int(count)
EUR = "EUR"
BACKGROUND = {"figure_counts"}  # the dashboard's figures, written by the server every 60 s: left out
BATCHED = {"content_stats"}  # counted in memory, written by the server every 5 s for all the claims since
http = requests.Session()


class Refused(Exception):
    pass


def sql(query):
    """Rows of `query`, by psql: a new backend each time, so never a cached statistics snapshot."""
    out = subprocess.run([psql, database, "-XAtq", "-F", "|", "-c", query], capture_output=True, text=True, check=True).stdout
    return [line.split("|") for line in out.splitlines() if line]


def settled(wait=0.0):
    """Rows inserted, updated, HOT-updated and deleted so far, by table, once the server's backends
    have reported. A backend reports when a transaction ends, at most once a second; one that
    reported less than a second before waits until it has been idle 10 s (PostgreSQL 15's
    PGSTAT_IDLE_INTERVAL), and pg_stat_force_next_flush() reaches only the backend that calls it.
    So: the counts once they have not moved for 11 s."""
    time.sleep(wait)
    read = lambda: {t: tuple(map(int, rest)) for t, *rest in sql(
        "SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del FROM pg_stat_user_tables WHERE schemaname = 'public'")}
    last, since = read(), time.time()
    while time.time() - since < 11:
        time.sleep(1)
        if (now := read()) != last:
            last, since = now, time.time()
    return last


def cli(*args):
    return subprocess.run([binary, *args], capture_output=True, text=True, check=True).stdout


def write_json(name, value):
    with open(f"{work}/{name}", "w") as out:
        json.dump(value, out)
    return f"{work}/{name}"


def call(method, path, body=None, headers=None, key=True):
    """A call as the player (or with `headers`), with its own Idempotency-Key; Refused unless 2xx."""
    headers = dict(player if headers is None else headers, **({"Idempotency-Key": str(uuid.uuid4())} if key else {}))
    answer = http.request(method, base + path, json=body, headers=headers, timeout=30)
    if answer.status_code >= 300:
        raise Refused(f"{method} {path} answered {answer.status_code}: {answer.text[:300]}")
    return answer.json() if answer.content else None


# The setup: games that never and always pay, the currencies (KRD for rewards, NWC the credits of
# never-wins), a reward on a placement with no caps, a player, and an owner signed in to the admin API.
game = lambda slug, reels: {"id": slug, "name": slug, "type": "slot", "min_wager": "0.10", "max_wager": "2.00", "rows": 1,
                            "symbols": [{"id": "A"}, {"id": "B"}], "reels": reels, "paylines": [[0, 0, 0]],
                            "paytable": [{"symbol": "A", "count": 3, "pays": 5}]}
cli("games", "import", client_id, write_json("never-wins.json", game("never-wins", [["A", "B"], ["B", "B"], ["A", "A"]])),
    write_json("always-wins.json", game("always-wins", [["A", "A"]] * 3)))
cli("currencies", "add", client_id, EUR)
cli("currencies", "add", client_id, "KRD", "--kind", "virtual")
cli("currencies", "add", client_id, "NWC", "--kind", "credit", "--game", "never-wins")
cli("content", "import", client_id, write_json("content.json", {
    "units": [{"id": "coins", "kind": "reward", "default_language": "en", "texts": {"en": {"title": "Coins", "action_label": "Take"}},
               "reward": {"items": [], "amount": "5", "currency": "KRD"}}],
    "campaigns": [{"id": "coins-for-all", "unit": "coins", "placements": ["rewards"], "priority": 1}]}))
player = {"Authorization": "Bearer " + Server(base, client_id, secret, binary).sign_in_players(1)[0]["access_token"]}
player_id = call("GET", "/v1/me", key=False)["id"]
owner, email, password = {}, "owner@rows.test", "a long owner password"
try:
    invitation = json.loads(cli("operators", "create", "--email", email, "--role", "owner", "--json"))["invitation_url"]
    call("POST", "/admin/v1/invitations", {"invitation": invitation.split("token=")[1].split("&")[0], "password": password}, {}, False)
    signed_in = http.post(base + "/admin/v1/sessions", json={"email": email, "password": password}, timeout=30)
    owner = {"Cookie": "playhouse_console=" + signed_in.cookies["playhouse_console"], "X-CSRF-Token": signed_in.json()["csrf_token"]}
except (Refused, KeyError, ValueError, subprocess.CalledProcessError) as error:
    owner_refused = str(error)
codes = iter(range(1, 1_000_000))


def promotions(n, amount="1.00", currency=EUR):
    """n promotions made with the CLI: their codes."""
    made = [f"ROWS{next(codes)}" for _ in range(n)]
    for code in made:
        cli("promotions", "create", client_id, "--code", code, "--amount", amount, "--currency", currency)
    return made


def receipts(n):
    """n rewards taken (each a showing of the placement and a click on it): their receipts."""
    taken = []
    for _ in range(n):
        if not (shown := call("GET", "/v1/placements/rewards/content", key=False)):
            raise Refused("the placement showed no reward")
        taken.append(call("POST", "/v1/content/events", {"impression_id": shown["impression_id"], "event": "clicked"}, key=False)["receipt"]["id"])
    return taken


def as_owner(n):
    if not owner:
        raise Refused(f"no operator could sign in to the admin API ({owner_refused})")
    return range(n)


def bet(path, body, paying):
    if (float(call("POST", path, body)["payout"]) > 0) != paying:
        raise Refused(f"a bet on {path} {'did not pay' if paying else 'paid'}")


withdrawal = {"amount": {"amount": "0.10", "currency": EUR}, "payment_method": "sandbox"}
# Each movement: its name, prepare(n) → the n things to act on (not counted), act(thing) → one movement.
MOVEMENTS = [
    ("sandbox deposit", range,
     lambda _: call("POST", "/v1/wallet/deposits", {"amount": {"amount": "10.00", "currency": EUR}, "payment_method": "sandbox"})),
    ("losing bet (never-wins)", range, lambda _: bet("/v1/games/never-wins/bet", {"currency": EUR, "wager": "0.10"}, False)),
    ("paying bet (always-wins)", range, lambda _: bet("/v1/games/always-wins/bet", {"currency": EUR, "wager": "0.10"}, True)),
    ("withdrawal (sandbox: held, pending)", range, lambda _: call("POST", "/v1/wallet/withdrawals", withdrawal)),
    ("withdrawal cancellation", lambda n: [call("POST", "/v1/wallet/withdrawals", withdrawal)["id"] for _ in range(n)],
     lambda id: call("POST", f"/v1/wallet/withdrawals/{id}/cancel")),
    ("credit bet (never-wins credits, losing)", range, lambda _: bet("/v1/games/never-wins/never-wins/bet", {"wager": "1"}, False)),
    ("adjustment (owner's credit, admin API)", as_owner,
     lambda _: call("POST", f"/admin/v1/apps/{client_id}/players/{player_id}/adjustments",
                    {"direction": "credit", "amount": "1.00", "currency": EUR, "reason": "rows-per-movement"}, owner)),
    ("promotion redemption", promotions, lambda code: call("POST", "/v1/promotions/redeem", {"code": code})),
    ("reward claim (content placement)", receipts, lambda receipt: call("POST", f"/v1/rewards/{receipt}/claim", key=False)),
]


def measure(name, prepare, act):
    """What the first of the movement wrote, and what `count` more wrote: (inserted, updated, HOT, deleted) by table."""
    print(f"{name}…", file=sys.stderr)
    first, *rest = list(prepare(1 + count))
    wait = 6 if name.startswith("reward") else 0  # for the content statistics of the clicks, then of the claims
    before = settled(wait)
    act(first)
    middle = settled(wait)
    for thing in rest:
        act(thing)
    after = settled(wait)
    delta = lambda a, b: {t: tuple(x - y for x, y in zip(b[t], a.get(t, (0,) * 4))) for t in b if t not in BACKGROUND and b[t] != a.get(t)}
    return delta(before, middle), delta(middle, after)


call("POST", "/v1/promotions/redeem", {"code": promotions(1, "1000", "NWC")[0]})  # credits for the credit bets
indexes = {t: int(n) for t, n in sql("SELECT tablename, count(*) FROM pg_indexes WHERE schemaname = 'public' GROUP BY tablename")}
results, skipped = [], []
for name, prepare, act in MOVEMENTS:
    try:
        results.append((name, *measure(name, prepare, act)))
    except Refused as error:
        skipped.append(f"{name}: {error}")

number = lambda x: f"{x:.2f}".rstrip("0").rstrip(".")
by_table = lambda parts: ", ".join(f"{t} {v}" for t, v in sorted(parts.items()) if v) or "–"
print(f"Rows written per money movement on PostgreSQL (pg_stat_user_tables): {count} of each over HTTP, averaged.\n")
print("| movement | rows inserted per movement | rows updated per movement | index entries written per movement | total rows |")
print("|---|---|---|---|---|")
touched = set()
for name, _, delta in results:
    inserted = {t: number(d[0] / count) for t, d in delta.items() if d[0]}
    updated = {t: number(d[1] / count) + (f" ({number(d[2] / count)} HOT)" if d[2] else "") for t, d in delta.items() if d[1]}
    updated.update({f"{t} deleted": number(d[3] / count) for t, d in delta.items() if d[3]})
    # An index gets an entry for each row inserted and each update that is not HOT (a HOT update writes none).
    entries = sum((d[0] + d[1] - d[2]) * indexes.get(t, 0) for t, d in delta.items()) / count
    touched |= {t for t, d in delta.items() if d[0] + d[1] - d[2]}
    total = sum(d[0] + d[1] + d[3] for d in delta.values()) / count
    print(f"| {name} | {by_table(inserted)} | {by_table(updated)} | {number(entries)} | {number(total)} |")
print("\nIndexes per table: " + ", ".join(f"{t} {indexes.get(t, 0)}" for t in sorted(touched)))
print(f"\nNot counted: the setup (app, currencies, games, content, player and operator sign-in, the credits redeemed for the credit "
      f"bets, the withdrawals opened to be cancelled, the rewards shown and taken to be claimed), and {', '.join(sorted(BACKGROUND))} "
      f"(the dashboard's figures, which the server writes every 60 s). {', '.join(sorted(BATCHED))}: the server counts content "
      "statistics in memory and writes them every 5 s, one row for all the claims since.")
print("\nOne-offs excluded: what the first of each movement, done and counted before the others, wrote beyond them:")
for name, first, delta in results:
    extra = []
    for t, d in sorted(first.items()):
        for i, label in ((0, "inserted"), (1, "updated")):
            if t not in BATCHED and (more := round(d[i] - delta.get(t, (0,) * 4)[i] / count)) >= 1:
                extra.append(f"{t} +{more} {label}")
    print(f"- {name}: {', '.join(extra) or 'none'}")
for reason in skipped:
    print(f"\nSkipped {reason}")
