"""Fills the server's database with idle play sessions of its existing players, so that the
heartbeat benchmark's lookups run on a table of the size it claims to sustain.

    bench-sessions.py sqlite DATABASE COUNT
    bench-sessions.py postgres URL COUNT
"""
import sqlite3
import subprocess
import sys
import time
import uuid


def sqlite_fill(database, count):
    db = sqlite3.connect(database)
    sample = db.execute("SELECT id, app_id, player_id, started_at FROM play_sessions LIMIT 1").fetchone()
    players = db.execute("SELECT app_id, player_id FROM play_sessions").fetchall()
    new_id = (lambda: uuid.uuid4().bytes) if isinstance(sample[0], bytes) else (lambda: str(uuid.uuid4()))
    now = time.time() if isinstance(sample[3], float) else time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    rows = [(new_id(), *players[n % len(players)], now, now, now) for n in range(count)]
    db.executemany("INSERT INTO play_sessions (id, app_id, player_id, started_at, last_active_at, reality_check_started_at) "
                   "VALUES (?, ?, ?, ?, ?, ?)", rows)
    db.commit()


def postgres_fill(url, count):
    subprocess.run(["psql", "-q", url, "-v", "ON_ERROR_STOP=1", "-c", f"""
        INSERT INTO play_sessions (id, app_id, player_id, started_at, last_active_at, reality_check_started_at)
        SELECT gen_random_uuid(), p.app_id, p.player_id, now(), now(), now()
        FROM generate_series(1, {count}) AS n
        JOIN (SELECT app_id, player_id, row_number() OVER () - 1 AS k, count(*) OVER () AS total FROM play_sessions) p
          ON p.k = n % p.total"""], check=True)


if __name__ == "__main__":
    engine, target, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    (sqlite_fill if engine == "sqlite" else postgres_fill)(target, count)
