"""Helpers of scripts/bench-console.

    bench-console.py fill sqlite DATABASE PLAYERS
    bench-console.py fill postgres URL PLAYERS
        gives the bench app PLAYERS players more and, over the last 30 days, 0.6 × PLAYERS bets,
        0.2 × PLAYERS completed deposits, and opens and content displays each day: each new row a
        copy of one the server wrote in the run, with a new id and time. Players are
        bench-N@example.com, invite code BENCHN.
    bench-console.py token BASE_URL PLAYHOUSE_BINARY
        an owner invited with the command line (its environment names the database), signed in
        through the admin API, and an API token made for them; prints the token.
"""
import http.cookiejar
import json
import sqlite3
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import uuid

DAYS = 30


def shares(players):
    return {"players": players, "bets": players * 6 // 10, "payments": players * 2 // 10}


def sqlite_fill(database, players):
    db = sqlite3.connect(database)
    counts = shares(players)
    now = time.time()

    def clone(table, count, change):
        cursor = db.execute(f"SELECT * FROM {table} LIMIT 1")
        columns = [d[0] for d in cursor.description]
        sample = cursor.fetchone()
        assert sample, f"the run left no {table} to copy"
        text_ids = isinstance(sample[columns.index("app_id")], str)
        text_times = isinstance(sample[columns.index("created_at")], str)
        keep = [c for c in columns if c != "seq"]

        def stamp(seconds):
            return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds)) if text_times else seconds

        def new_id():
            return str(uuid.uuid4()) if text_ids else uuid.uuid4().bytes

        rows = []
        for n in range(count):
            row = dict(zip(columns, sample))
            row.update(change(n, now - n * DAYS * 86400 / count, stamp, new_id))
            rows.append(tuple(row[c] for c in keep))
        db.executemany(f"INSERT INTO {table} ({', '.join(keep)}) VALUES ({', '.join('?' * len(keep))})", rows)

    clone("players", counts["players"], lambda n, at, stamp, new_id: {
        "id": new_id(), "email": f"bench-{n}@example.com", "phone_number": None, "invite_code": f"BENCH{n}",
        "created_at": stamp(at), "updated_at": stamp(at)})
    clone("bets", counts["bets"], lambda n, at, stamp, new_id: {"bet_id": new_id(), "created_at": stamp(at)})
    clone("payments", counts["payments"], lambda n, at, stamp, new_id: {
        "id": new_id(), "direction": "deposit", "status": "completed", "created_at": stamp(at), "finished_at": stamp(at)})
    app = db.execute("SELECT app_id FROM bets LIMIT 1").fetchone()[0]
    for day in days(now):
        db.execute("INSERT INTO daily_opens (app_id, day, opens, installs) VALUES (?, ?, 5000, 100) ON CONFLICT DO NOTHING", (app, day))
        db.execute("INSERT INTO content_stats (app_id, day, placement, unit, requests, fills, displays, clicks, dismissals, failures, unlocks) "
                   "VALUES (?, ?, 'bench', 'bench', 3000, 2500, 2000, 100, 50, 0, 0) ON CONFLICT DO NOTHING", (app, day))
    db.commit()


def postgres_fill(url, players):
    counts = shares(players)
    spread = f"now() - (n * interval '{DAYS} days' / %d)"

    def clone(table, count, change):
        return f"""
            INSERT INTO {table}
            SELECT r.* FROM (SELECT to_jsonb(t) AS j FROM {table} t LIMIT 1) s, generate_series(0, {count - 1}) n,
                 jsonb_populate_record(NULL::{table}, s.j || jsonb_build_object({change})) r;"""

    at = spread % counts["players"]
    sql = clone("players", counts["players"], f"""'id', gen_random_uuid(), 'email', 'bench-' || n || '@example.com', 'phone_number', NULL,
        'invite_code', 'BENCH' || n, 'created_at', {at}, 'updated_at', {at}""")
    at = spread % counts["bets"]
    sql += clone("bets", counts["bets"], f"""'seq', nextval(pg_get_serial_sequence('bets', 'seq')), 'bet_id', gen_random_uuid(),
        'created_at', {at}""")
    at = spread % counts["payments"]
    sql += clone("payments", counts["payments"], f"""'id', gen_random_uuid(), 'direction', 'deposit', 'status', 'completed',
        'created_at', {at}, 'finished_at', {at}""")
    for day in days(time.time()):
        sql += f"""
            INSERT INTO daily_opens (app_id, day, opens, installs) SELECT app_id, '{day}', 5000, 100 FROM bets LIMIT 1 ON CONFLICT DO NOTHING;
            INSERT INTO content_stats (app_id, day, placement, unit, requests, fills, displays, clicks, dismissals, failures, unlocks)
            SELECT app_id, '{day}', 'bench', 'bench', 3000, 2500, 2000, 100, 50, 0, 0 FROM bets LIMIT 1 ON CONFLICT DO NOTHING;"""
    subprocess.run(["psql", "-q", url, "-v", "ON_ERROR_STOP=1", "-c", sql + "\nANALYZE;"], check=True)


def days(now):
    return [time.strftime("%Y-%m-%d", time.gmtime(now - n * 86400)) for n in range(DAYS)]


def operator_token(base, binary):
    email = f"bench-owner-{uuid.uuid4().hex[:8]}@example.com"
    invited = json.loads(subprocess.run([binary, "operators", "create", "--email", email, "--role", "owner", "--json"],
                                        capture_output=True, text=True, check=True).stdout)
    invitation = urllib.parse.parse_qs(urllib.parse.urlparse(invited["invitation_url"]).query)["token"][0]
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def post(path, body, headers=None):
        request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json", **(headers or {})})
        with browser.open(request, timeout=30) as response:
            return json.load(response)

    post("/admin/v1/invitations", {"invitation": invitation, "password": "a bench owner password"})
    session = post("/admin/v1/sessions", {"email": email, "password": "a bench owner password"})
    made = post("/admin/v1/tokens", {"name": "bench"}, {"X-CSRF-Token": session["csrf_token"]})
    print(made["secret"])


if __name__ == "__main__":
    if sys.argv[1] == "fill":
        engine, target, players = sys.argv[2], sys.argv[3], int(sys.argv[4])
        (sqlite_fill if engine == "sqlite" else postgres_fill)(target, players)
    else:
        operator_token(sys.argv[2], sys.argv[3])
