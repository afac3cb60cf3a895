"""Helpers of scripts/bench-lists. Every client here talks plain HTTP/1.1 to the real server.

    bench-lists.py clients BASE CLIENT_ID SECRET BINARY FILE COUNT
        signs COUNT players in, each makes 10 lists "Bench"; writes "access_token list_id" a line for each list.
    bench-lists.py load-changes BASE TOKEN LISTS ITEMS
        one player writes LISTS lists of ITEMS items through the server, in batches of 100; prints
        the cursor from before, at which a device of theirs went offline.
    bench-lists.py catch-up BASE TOKEN CURSOR ROUNDS
        a device comes back: pages through the feed from CURSOR (limit 500) to its end, ROUNDS times;
        prints "changes median_ms last_cursor".
    bench-lists.py sqlite-read DATABASE CURSOR ROUNDS
        the baseline of catch-up on SQLite: the same rows read straight from the database, ROUNDS
        times; prints "rows median_ms".
    bench-lists.py pgbench-read FILE APP_ID CURSOR
        writes the same read as a pgbench script.
    bench-lists.py sqlite-batches DATABASE CLIENTS SECONDS BATCH
        the baseline of pushed batches on SQLite: a batch's rows (its BATCH items and mutation ids,
        the feed's position) inserted straight into the server's own database, one transaction a
        batch, each table's rows by one executemany, from CLIENTS threads taking turns as SQLite's
        one writer; prints "batches/s p50_ms p99_ms".
    bench-lists.py pgbench-batches FILE BATCH
        writes the same transaction as a pgbench script (over the table bench_lists), each table's
        rows in one statement.
    bench-lists.py idle-polls BASE CLIENTS_FILE CURSOR COUNT SERVER_PID SECONDS
        the server's CPU and memory for SECONDS idle, then for SECONDS while COUNT long polls
        (wait=30) wait (fewer when the polls took long to settle: the window ends before the first
        poll's 30 s); prints "idle_cpu_% waiting_cpu_% idle_rss_kb waiting_rss_kb answered_early window_s".
    bench-lists.py quiet PID
        waits (up to a minute) until the server's CPU is below 5 % of a core: the requests a load
        left queued are done.
    bench-lists.py wake BASE_WRITE BASE_POLL TOKEN LIST ROUNDS
        a device waits at BASE_POLL while another ticks an item at BASE_WRITE, ROUNDS times; prints
        "wake_p50_ms wake_p99_ms write_p50_ms write_p99_ms": from sending the write to the poll's
        answer, and the write's own answer.
"""
import base64
import http.client
import json
import os
import resource
import selectors
import socket
import sqlite3
import statistics
import struct
import sys
import threading
import time
import urllib.parse
import uuid

sys.path.insert(0, os.path.dirname(__file__))
wallet = __import__("bench-wallet")
LISTS_PER_PLAYER = 10


class Connection:
    """One keep-alive connection to the server, as one device holds it."""

    def __init__(self, base, token):
        url = urllib.parse.urlsplit(base)
        self.connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
        self.headers = {"Authorization": f"Bearer {token}"}

    def call(self, method, path, body=None):
        headers = dict(self.headers)
        if body is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(body)
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        text = response.read()
        if response.status != 200:
            raise RuntimeError(f"{method} {path}: {response.status} {text[:300]!r}")
        return json.loads(text)

    def push(self, operations):
        answer = self.call("POST", "/v1/lists/operations", {"operations": operations})
        refused = [result for result in answer["results"] if result["status"] != "applied"]
        if refused:
            raise RuntimeError(f"operations not applied: {refused[:3]}")


def operation(kind, **fields):
    return {"op": kind, "mutation_id": str(uuid.uuid4()), **fields}


def position(cursor):
    """The feed position a cursor stands for (scripts/bench-lists reads the database by it)."""
    return struct.unpack(">q", base64.urlsafe_b64decode(cursor + "="))[0]


def clients(base, client_id, secret, binary, file, count):
    from bench_players import Server
    tokens = Server(base, client_id, secret, binary).sign_in_players(int(count))
    with open(file, "w") as out:
        for token in tokens:
            # Lists enough for the load: 500 items each at most.
            lists = [str(uuid.uuid4()) for _ in range(LISTS_PER_PLAYER)]
            Connection(base, token["access_token"]).push([operation("create_list", list_id=list_id, name="Bench") for list_id in lists])
            out.writelines(f"{token['access_token']} {list_id}\n" for list_id in lists)


def feed_end(device):
    """The cursor at the end of the feed the device's player sees."""
    cursor = None
    while True:
        page = device.call("GET", "/v1/lists/changes?limit=500" + (f"&since={cursor}" if cursor else ""))
        cursor = page["next_cursor"]
        if not page["has_more"]:
            return cursor


def load_changes(base, token, lists, items):
    device = Connection(base, token)
    cursor = feed_end(device)
    for _ in range(int(lists)):
        list_id = str(uuid.uuid4())
        device.push([operation("create_list", list_id=list_id, name="Groceries")])
        for start in range(0, int(items), 100):
            device.push([operation("add_item", list_id=list_id, item_id=str(uuid.uuid4()), description=f"Item {n}", count=1)
                         for n in range(start, min(start + 100, int(items)))])
    print(cursor)


def catch_up(base, token, cursor, rounds):
    device, times = Connection(base, token), []
    for _ in range(int(rounds)):
        started, since, changes = time.perf_counter(), cursor, 0
        while True:
            page = device.call("GET", f"/v1/lists/changes?since={since}&limit=500")
            changes += len(page["data"])
            since = page["next_cursor"]
            if not page["has_more"]:
                break
        times.append(time.perf_counter() - started)
    print(f"{changes} {statistics.median(times) * 1000:.3f} {since}")


ITEM_COLUMNS = "id, app_id, list_id, description, count, unit, ticked, offer_ern, creator_id, position, modified_at, deleted_at, change_seq"
LIST_COLUMNS = "id, app_id, owner_id, name, position, created_at, modified_at, deleted_at, change_seq"


def read_queries(app, since):
    return [f"SELECT {ITEM_COLUMNS} FROM list_items WHERE app_id = {app} AND change_seq > {since} ORDER BY change_seq",
            f"SELECT {LIST_COLUMNS} FROM shopping_lists WHERE app_id = {app} AND change_seq > {since} ORDER BY change_seq"]


def sqlite_read(database, cursor, rounds):
    db, times = sqlite3.connect(database), []
    app = db.execute("SELECT app_id FROM list_feeds").fetchone()[0]
    for _ in range(int(rounds)):
        started = time.perf_counter()
        rows = sum(len(db.execute(query, (app,)).fetchall()) for query in read_queries("?", position(cursor)))
        times.append(time.perf_counter() - started)
    print(f"{rows} {statistics.median(times) * 1000:.3f}")


def pgbench_read(file, app, cursor):
    with open(file, "w") as out:
        out.writelines(query + ";\n" for query in read_queries(f"'{app}'", position(cursor)))


def sqlite_batches(database, clients, seconds, batch):
    clients, seconds, batch = int(clients), float(seconds), int(batch)
    probe = sqlite3.connect(database)
    lists = probe.execute("SELECT app_id, id, owner_id FROM shopping_lists WHERE name = 'Bench'").fetchall()
    sample = probe.execute("SELECT modified_at FROM list_items LIMIT 1").fetchone()
    probe.close()
    binary = isinstance(lists[0][1], bytes)  # ids and times in the form the server stores them
    new_id = (lambda: uuid.uuid4().bytes) if binary else (lambda: str(uuid.uuid4()))
    new_time = time.time if isinstance(sample[0], float) else (lambda: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    writer = wallet.FifoLock()

    def push(db, app, list_id, player):
        now = new_time()
        with writer:
            db.execute("BEGIN IMMEDIATE")
            last = db.execute("UPDATE list_feeds SET last_seq = last_seq + ? WHERE app_id = ? RETURNING last_seq", (batch, app)).fetchone()[0]
            db.executemany("INSERT INTO list_items (id, app_id, list_id, description, count, unit, ticked, creator_id, position, "
                           "modified_at, change_seq) VALUES (?, ?, ?, 'Baseline', ?, 'l', 0, ?, 'b0', ?, ?)",
                           [(new_id(), app, list_id, n + 1, player, now, last - batch + n + 1) for n in range(batch)])
            db.executemany("INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at) "
                           "VALUES (?, ?, 'lists:baseline', ?, 'baseline', 200, '{\"status\":\"applied\"}', ?)",
                           [(new_id(), app, str(uuid.uuid4()), now) for _ in range(batch)])
            db.execute("COMMIT")

    wallet.sqlite_clients(database, clients, seconds, lists, lambda db, target, _: push(db, *target))


def pgbench_batches(file, batch):
    batch = int(batch)
    lines = ["\\set n random(1, :lists)",
             "BEGIN;",
             "SELECT app_id, list_id, player_id FROM bench_lists WHERE n = :n \\gset",
             f"UPDATE list_feeds SET last_seq = last_seq + {batch} WHERE app_id = :app_id RETURNING last_seq \\gset"]
    # Each table's rows in one statement, as the fastest straight insert would.
    lines.append("INSERT INTO list_items (id, app_id, list_id, description, count, unit, ticked, creator_id, position, modified_at, "
                 "change_seq) SELECT gen_random_uuid(), :app_id, :list_id, 'Baseline', n, 'l', false, :player_id, 'b0', now(), "
                 f":last_seq - {batch} + n FROM generate_series(1, {batch}) AS n;")
    lines.append("INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at) "
                 "SELECT gen_random_uuid(), :app_id, 'lists:baseline', gen_random_uuid()::text, 'baseline', 200, '{\"status\":\"applied\"}', now() "
                 f"FROM generate_series(1, {batch});")
    lines.append("END;")
    with open(file, "w") as out:
        out.write("\n".join(lines) + "\n")


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def rss_kb(pid):
    """The process's own resident memory: anonymous pages only, not the pages of the SQLite file it
    reads through a memory map, which count in VmRSS as they are touched."""
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("RssAnon:")).split()[1])


def cpu_percent(pid, seconds):
    before, started = cpu_ticks(pid), time.monotonic()
    time.sleep(seconds)
    return (cpu_ticks(pid) - before) / os.sysconf("SC_CLK_TCK") / (time.monotonic() - started) * 100


def idle_polls(base, clients_file, cursor, count, pid, seconds):
    count, seconds = int(count), float(seconds)
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    tokens = [line.split()[0] for line in open(clients_file)]
    url = urllib.parse.urlsplit(base)
    idle_rss = rss_kb(pid)
    idle_cpu = cpu_percent(pid, seconds)
    selector, sockets, started = selectors.DefaultSelector(), [], time.monotonic()
    for n in range(count):
        client = socket.create_connection((url.hostname, url.port))
        client.sendall((f"GET /v1/lists/changes?since={cursor}&wait=30 HTTP/1.1\r\nHost: {url.netloc}\r\n"
                        f"Authorization: Bearer {tokens[n % len(tokens)]}\r\n\r\n").encode())
        selector.register(client, selectors.EVENT_READ)
        sockets.append(client)
    # Every poll has been read, has found nothing, and waits (the server has gone quiet); none may
    # answer before its 30 s.
    while cpu_percent(pid, 0.5) > 2:
        if time.monotonic() - started > 24:
            raise RuntimeError("the server was still busy with the polls 24 s after the first: lower --polls")
    # The window ends before the first poll's 30 s do.
    window = min(seconds, 28 - (time.monotonic() - started))
    waiting_cpu = cpu_percent(pid, window)
    waiting_rss = rss_kb(pid)
    answered = len(selector.select(timeout=0))
    for client in sockets:
        client.close()
    print(f"{idle_cpu:.2f} {waiting_cpu:.2f} {idle_rss} {waiting_rss} {answered} {window:.1f}")


def quiet(pid):
    deadline = time.monotonic() + 60
    while cpu_percent(pid, 0.5) > 5 and time.monotonic() < deadline:
        pass


def wake(base_write, base_poll, token, list_id, rounds):
    writer, poller = Connection(base_write, token), Connection(base_poll, token)
    item = str(uuid.uuid4())
    writer.push([operation("add_item", list_id=list_id, item_id=item, description="Wake", count=1)])
    cursor = feed_end(poller)
    wakes, writes = [], []
    for round in range(int(rounds)):
        answer = {}

        def poll():
            answer["page"] = poller.call("GET", f"/v1/lists/changes?since={cursor}&wait=30")
            answer["at"] = time.perf_counter()

        thread = threading.Thread(target=poll)
        thread.start()
        time.sleep(0.05)  # the poll has read the feed and waits
        sent = time.perf_counter()
        writer.push([operation("tick_item", item_id=item, ticked=round % 2 == 0)])
        writes.append(time.perf_counter() - sent)
        thread.join()
        if not any(change.get("item", {}).get("id") == item for change in answer["page"]["data"]):
            raise RuntimeError(f"the poll answered without the tick: {answer['page']}")
        wakes.append(answer["at"] - sent)
        cursor = answer["page"]["next_cursor"]
    wake50, wake99 = wallet.percentiles(wakes)
    write50, write99 = wallet.percentiles(writes)
    print(f"{wake50 * 1000:.3f} {wake99 * 1000:.3f} {write50 * 1000:.3f} {write99 * 1000:.3f}")


if __name__ == "__main__":
    commands = {"clients": clients, "load-changes": load_changes, "catch-up": catch_up, "sqlite-read": sqlite_read,
                "pgbench-read": pgbench_read, "sqlite-batches": sqlite_batches, "pgbench-batches": pgbench_batches,
                "idle-polls": idle_polls, "quiet": quiet, "wake": wake}
    commands[sys.argv[1]](*sys.argv[2:])
