"""Helpers of scripts/bench-wallet.

    bench-wallet.py players BASE_URL CLIENT_ID CLIENT_SECRET PLAYHOUSE_BINARY TOKENS_FILE COUNT
        signs COUNT players in and writes their access tokens, one per line.
    bench-wallet.py sqlite-baseline DATABASE CLIENTS SECONDS [deposit|bet]
        the baseline for SQLite: the writes of one sandbox deposit (the default) or of one bet on a
        provably fair game, each in the one transaction the server makes of it, straight to the
        server's own database (same tables, indexes and pragmas: WAL, synchronous=NORMAL, foreign
        keys), from CLIENTS threads that take turns, first come first served, as SQLite's one writer,
        as the server's money transactions do; prints "movements/s p50_ms p99_ms".
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

# A bet's stored paylines and result (lucky-sevens, 10 lines, a losing spin), and its answer, about these sizes.
PAYLINES = "[[1,1,1,1,1],[0,0,0,0,0],[2,2,2,2,2],[0,1,2,1,0],[2,1,0,1,2],[0,0,1,2,2],[2,2,1,0,0],[1,0,0,0,1],[1,2,2,2,1],[0,1,1,1,0]]"
RESULT = '{"stops":[3,17,8,22,5],"window":[[4,1,6],[2,0,5],[1,3,7],[6,2,0],[5,4,1]],"wins":[]}'
BET_RESPONSE = '{"balance":{"amount":"99.90","currency":"EUR"},"created_at":"2026-11-23T10:00:00Z","economy":"sandbox",' \
               '"fairness":{"client_seed":"c0ffee","nonce":1,"server_seed_hash":"' + "a" * 64 + '"},"game":"lucky-sevens",' \
               '"game_version":1,"id":"%s","kind":"backed","paylines":' + PAYLINES + ',"payout":{"amount":"0.00","currency":"EUR"},' \
               '"result":' + RESULT + ',"stake":{"amount":"0.10","currency":"EUR"},"transaction_id":"%s",' \
               '"wager":{"amount":"0.01","currency":"EUR"}}'


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


def sqlite_baseline(database, clients, seconds, kind="deposit"):
    clients, seconds = int(clients), float(seconds)
    probe = sqlite3.connect(database)
    wallets = probe.execute("SELECT app_id, player_id, owner, id, balance FROM ledger_accounts WHERE owner LIKE 'wallet:%' AND currency = 'EUR'").fetchall()
    assert wallets, "the server's run left no wallets to write to"
    sample = probe.execute("SELECT id, created_at FROM ledger_transactions LIMIT 1").fetchone()
    app_id = wallets[0][0]
    find = "SELECT id FROM ledger_accounts WHERE app_id = ? AND owner = ? AND currency = 'EUR' AND economy = 'sandbox'"
    deposits, house = (probe.execute(find, (app_id, owner)).fetchone() for owner in ("app:deposits", "app:house"))
    sessions = dict(probe.execute("SELECT player_id, MAX(id) FROM play_sessions GROUP BY player_id").fetchall())
    if kind == "bet":
        # Bets need the house's account and a seed: only players who have bet already (and can still cover one).
        assert house, "the server's run made no bets"
        seeded = {row[0] for row in probe.execute("SELECT owner FROM fairness_seeds WHERE current = 1").fetchall()}
        wallets = [w for w in wallets if "player:" + w[2].split(":", 1)[1] in seeded and w[4] >= 1000]
        assert wallets, "no player has bet and can cover a baseline run of bets"
    deposits, house = deposits[0], house and house[0]
    probe.close()
    # New ids and times in the same form the server stores them.
    new_id = (lambda: uuid.uuid4().bytes) if isinstance(sample[0], bytes) else (lambda: str(uuid.uuid4()))
    new_time = time.time if isinstance(sample[1], float) else (lambda: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    writer = FifoLock()

    def key_row(db, app_id, wallet_owner, number, body, now):
        db.execute("INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at) "
                   "VALUES (?, ?, ?, ?, ?, 201, ?, ?) ON CONFLICT (app_id, owner, idempotency_key) DO NOTHING RETURNING id",
                   (new_id(), app_id, "player:" + wallet_owner.split(":", 1)[1], f"baseline-{threading.get_ident()}-{number}",
                    "f" * 64, body, now)).fetchall()

    def movement(db, app_id, player_id, kind, reference, wallet, amount, other, now):
        """The ledger's writes: the transaction, the wallet's balance (by amount) and the two entries; the balance after."""
        transaction = new_id()
        db.execute("INSERT INTO ledger_transactions (id, app_id, player_id, kind, reference, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                   (transaction, app_id, player_id, kind, reference, now))
        balance = db.execute("UPDATE ledger_accounts SET balance = balance + ? WHERE id = ? AND balance + ? >= 0 RETURNING balance",
                             (amount, wallet, amount)).fetchone()[0]
        db.execute("INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after) VALUES (?, ?, ?, ?), (?, ?, ?, NULL)",
                   (transaction, wallet, amount, balance, transaction, other, -amount))
        return transaction, balance

    def deposit(db, app_id, player_id, wallet_owner, wallet, number):
        """The server's one transaction for a sandbox deposit: the payment recorded completed, its money and the key."""
        payment_id, now = uuid.uuid4(), new_time()
        payment = payment_id.bytes if isinstance(new_id(), bytes) else str(payment_id)
        with writer:
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO payments (id, app_id, player_id, direction, status, currency, economy, amount, payment_method, "
                       "settle_after, created_at, finished_at) "
                       "VALUES (?, ?, ?, 'deposit', 'completed', 'EUR', 'sandbox', 100, 'sandbox', NULL, ?, ?) "
                       "ON CONFLICT (id) DO NOTHING RETURNING id",
                       (payment, app_id, player_id, now, now)).fetchall()
            movement(db, app_id, player_id, "deposit", "ern:deposit:" + str(payment_id), wallet, 100, deposits, now)
            key_row(db, app_id, wallet_owner, number, RESPONSE % (payment_id, payment_id), now)
            db.execute("COMMIT")

    def bet(db, app_id, player_id, wallet_owner, wallet, number):
        """The server's one transaction for a losing 10-line bet of 0.01: the nonce taken and the balance read, the
        ledger transaction, the balance, two entries, the bet's record, the loss and session figures, and the key."""
        bet_id, now = uuid.uuid4(), new_time()
        owner = "player:" + wallet_owner.split(":", 1)[1]
        with writer:
            db.execute("BEGIN IMMEDIATE")
            seed = db.execute("UPDATE fairness_seeds SET next_nonce = next_nonce + 1 WHERE app_id = ? AND owner = ? AND current = 1 "
                              "RETURNING id, server_seed, server_seed_hash, client_seed, next_nonce", (app_id, owner)).fetchone()
            db.execute("SELECT balance FROM ledger_accounts WHERE id = ?", (wallet,)).fetchone()
            transaction, balance = movement(db, app_id, player_id, "bet", "ern:bet:" + str(bet_id), wallet, -10, house, now)
            db.execute("INSERT INTO bets (bet_id, app_id, session_id, player_id, client_user_id, game_slug, credit_game, game_version, kind, "
                       "currency, economy, minor_units, wager, stake, payout, paylines, result, fairness_seed_id, client_seed, nonce, "
                       "transaction_id, balance_after, created_at) "
                       "VALUES (?, ?, ?, ?, NULL, 'lucky-sevens', NULL, 1, 'backed', 'EUR', 'sandbox', 2, 1, 10, 0, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (bet_id.bytes if isinstance(transaction, bytes) else str(bet_id), app_id, sessions.get(player_id), player_id,
                        PAYLINES, RESULT, seed[0], seed[3], seed[4] - 1, transaction, balance, now))
            db.execute("INSERT INTO player_loss_hours (player_id, currency, hour, lost) VALUES (?, 'EUR', ?, 10) "
                       "ON CONFLICT (player_id, currency, hour) DO UPDATE SET lost = player_loss_hours.lost + excluded.lost",
                       (player_id, int(time.time() // 3600)))
            if sessions.get(player_id) is not None:
                db.execute("INSERT INTO session_bet_totals (session_id, currency, economy, minor_units, bets, backed, wagered, won) "
                           "VALUES (?, 'EUR', 'sandbox', 2, 1, 1, 10, 0) ON CONFLICT (session_id, currency, economy) DO UPDATE SET "
                           "bets = session_bet_totals.bets + 1, backed = session_bet_totals.backed + excluded.backed, "
                           "wagered = session_bet_totals.wagered + excluded.wagered, won = session_bet_totals.won + excluded.won",
                           (sessions[player_id],))
            key_row(db, app_id, wallet_owner, number, BET_RESPONSE % (bet_id, transaction if isinstance(transaction, str) else uuid.UUID(bytes=transaction)), now)
            db.execute("COMMIT")

    write = {"deposit": deposit, "bet": bet}[kind]
    sqlite_clients(database, clients, seconds, wallets, lambda db, wallet, number: write(db, *wallet[:4], number))  # not the balance


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
