"""Helpers of scripts/bench-wallet.

    bench-wallet.py players BASE_URL CLIENT_ID CLIENT_SECRET PLAYHOUSE_BINARY TOKENS_FILE COUNT
        signs COUNT players in and writes their access tokens, one per line.
    bench-wallet.py sqlite-baseline DATABASE CLIENTS SECONDS
        the baseline for SQLite: the writes of one deposit, straight to the server's own database
        (same tables, indexes and pragmas: WAL, synchronous=NORMAL, foreign keys), from CLIENTS threads that take
        turns, first come first served, as SQLite's one writer, as the server's money transactions do; prints
        "movements/s p50_ms p99_ms".
    bench-wallet.py pgbench-latency TPS LOG_FILE...
        p50 and p99 from pgbench's per-transaction logs; prints "TPS p50_ms p99_ms".
"""
import collections
import sqlite3
import sys
import threading
import time
import uuid

# What the server stores with an idempotency key and a deposit: a response of about this size.
RESPONSE = '{"id":"%s","ern":"ern:deposit:%s","status":"completed","amount":{"amount":"1.00","currency":"EUR"},' \
           '"economy":"sandbox","payment_method":"sandbox","created_at":"2026-11-23T10:00:00Z","finished_at":"2026-11-23T10:00:00Z"}'


class FifoLock:
    """SQLite's one writer, taken in turn: first come, first served, like the server's queue of
    money transactions (a plain lock lets one thread starve the others)."""

    def __init__(self):
        self.mutex, self.busy, self.waiting = threading.Lock(), False, collections.deque()

    def __enter__(self):
        with self.mutex:
            if not self.busy:
                self.busy = True
                return
            turn = threading.Event()
            self.waiting.append(turn)
        turn.wait()

    def __exit__(self, *_):
        with self.mutex:
            if self.waiting:
                self.waiting.popleft().set()  # the writer's turn passes straight on
            else:
                self.busy = False


def percentiles(latencies):
    latencies.sort()
    pick = lambda share: latencies[min(len(latencies) - 1, int(len(latencies) * share))]
    return pick(0.50), pick(0.99)


def players(base, client_id, secret, binary, tokens_file, count):
    from bench_players import Server
    tokens = Server(base, client_id, secret, binary).sign_in_players(int(count))
    with open(tokens_file, "w") as out:
        out.writelines(token["access_token"] + "\n" for token in tokens)


def sqlite_baseline(database, clients, seconds):
    clients, seconds = int(clients), float(seconds)
    probe = sqlite3.connect(database)
    wallets = probe.execute("SELECT app_id, player_id, owner FROM ledger_accounts WHERE owner LIKE 'wallet:%' AND currency = 'EUR'").fetchall()
    assert wallets, "the server's run left no wallets to write to"
    sample = probe.execute("SELECT id, created_at FROM ledger_transactions LIMIT 1").fetchone()
    probe.close()
    # New ids and times in the same form the server stores them.
    new_id = (lambda: uuid.uuid4().bytes) if isinstance(sample[0], bytes) else (lambda: str(uuid.uuid4()))
    new_time = time.time if isinstance(sample[1], float) else (lambda: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    writer = FifoLock()

    def deposit(db, app_id, player_id, wallet_owner, number):
        """The server's two transactions: the payment opened, then (the provider having answered) concluded."""
        key_owner = "player:" + wallet_owner.split(":", 1)[1]
        key = f"baseline-{threading.get_ident()}-{number}"
        payment_id, transaction, now = uuid.uuid4(), new_id(), new_time()
        reference = "ern:deposit:" + str(payment_id)
        payment = payment_id.bytes if isinstance(transaction, bytes) else str(payment_id)
        with writer:
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO payments (id, app_id, player_id, direction, status, currency, economy, amount, payment_method, "
                       "settle_after, created_at) "
                       "VALUES (?, ?, ?, 'deposit', 'processing', 'EUR', 'sandbox', 100, 'sandbox', ?, ?) "
                       "ON CONFLICT (id) DO NOTHING RETURNING id",
                       (payment, app_id, player_id, now, now)).fetchall()
            db.execute("COMMIT")
        with writer:
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE payments SET status = 'completed', settle_after = NULL, decline_reason = NULL, finished_at = ? "
                       "WHERE id = ? AND status = 'processing'", (now, payment))
            find = "SELECT id FROM ledger_accounts WHERE app_id = ? AND owner = ? AND currency = 'EUR' AND economy = 'sandbox'"
            wallet = db.execute(find, (app_id, wallet_owner)).fetchone()[0]
            deposits = db.execute(find, (app_id, "app:deposits")).fetchone()[0]
            db.execute("INSERT INTO ledger_transactions (id, app_id, player_id, kind, reference, created_at) VALUES (?, ?, ?, 'deposit', ?, ?)",
                       (transaction, app_id, player_id, reference, now))
            balance = db.execute("UPDATE ledger_accounts SET balance = balance + 100 WHERE id = ? AND balance + 100 >= 0 RETURNING balance",
                                 (wallet,)).fetchone()[0]
            db.execute("INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after) VALUES (?, ?, 100, ?), (?, ?, -100, NULL)",
                       (transaction, wallet, balance, transaction, deposits))
            db.execute("INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at) "
                       "VALUES (?, ?, ?, ?, ?, 201, ?, ?) ON CONFLICT (app_id, owner, idempotency_key) DO NOTHING RETURNING id",
                       (new_id(), app_id, key_owner, key, "f" * 64, RESPONSE % (payment_id, payment_id), now)).fetchall()
            db.execute("COMMIT")

    sqlite_clients(database, clients, seconds, wallets, lambda db, wallet, number: deposit(db, *wallet, number))


def sqlite_clients(database, clients, seconds, targets, write):
    """CLIENTS threads, each with a connection of its own to DATABASE as the server opens it (WAL,
    synchronous=NORMAL, foreign keys), call write(db, target, number) over and over for SECONDS,
    each on the next of TARGETS in turn; prints "writes/s p50_ms p99_ms"."""
    latencies, stop_at = [], time.monotonic() + seconds

    def client(index):
        db = sqlite3.connect(database, isolation_level=None, check_same_thread=False, timeout=30)
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        mine, number = [], 0
        while time.monotonic() < stop_at:
            target = targets[(index + number * clients) % len(targets)]
            number += 1
            started = time.perf_counter()
            write(db, target, number)
            mine.append(time.perf_counter() - started)
        db.close()
        latencies.extend(mine)

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(index,)) for index in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    p50, p99 = percentiles(latencies)
    print(f"{len(latencies) / elapsed:.1f} {p50 * 1000:.3f} {p99 * 1000:.3f}")


def pgbench_latency(tps, *logs):
    latencies = []
    for log in logs:
        with open(log) as lines:
            latencies.extend(int(line.split()[2]) for line in lines if line.strip())
    p50, p99 = percentiles(latencies)
    print(f"{float(tps):.1f} {p50 / 1000:.3f} {p99 / 1000:.3f}")


if __name__ == "__main__":
    commands = {"players": players, "sqlite-baseline": sqlite_baseline, "pgbench-latency": pgbench_latency}
    commands[sys.argv[1]](*sys.argv[2:])
