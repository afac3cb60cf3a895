"""Helpers of scripts/bench-content.

  bench-content.py file PATH CAMPAIGNS        writes a content file: CAMPAIGNS campaigns on the placement `bench`
  bench-content.py displays ENGINE TARGET      fills content_displays up to TARGET rows of other players
                                               (ENGINE: the SQLite file's path, or `postgres`, with
                                               PLAYHOUSE_DATABASE_URL and PLAYHOUSE_DATABASE_SCHEMA set)
"""

import json
import os
import sqlite3
import subprocess
import sys
import uuid


def content_file(path, campaigns):
    """Units and campaigns as a busy app would have them: most for everyone, some targeted, all
    with caps far from reached, priorities and weights spread."""
    campaigns = int(campaigns)
    units = [{"id": f"unit-{i}", "kind": "announcement", "texts": {"en": {"title": f"News {i}", "body": "Something new."},
                                                                    "da": {"title": f"Nyt {i}"}}} for i in range(20)]
    listed = []
    for i in range(campaigns):
        targeting = {}
        if i % 4 == 1:
            targeting["platforms"] = ["ios", "android"]
        if i % 4 == 2:
            targeting["app_version"] = {"min": "1.0"}
        if i % 4 == 3:
            targeting["rollout"] = 50
        listed.append({"id": f"campaign-{i}", "unit": f"unit-{i % 20}", "placements": ["bench"], "priority": i % 5,
                       "weight": 1 + i % 3, "caps": {"per_day": 1000000, "per_session": 1000000}, "targeting": targeting})
    with open(path, "w") as out:
        json.dump({"units": units, "campaigns": listed}, out)


def displays(engine, target):
    """Other players' display counts, so that the table holds TARGET rows: what a busy app has
    recorded. The decision reads one player's rows by an index, so these must not slow it."""
    target = int(target)
    if engine == "postgres":
        schema = os.environ["PLAYHOUSE_DATABASE_SCHEMA"]
        sql = f"""
            SET search_path TO "{schema}";
            INSERT INTO content_displays (subject, campaign_id, day, day_count, session_key, session_count, total_count,
                                          last_impression, last_displayed_at)
            SELECT 'p:' || md5(n::text), c.id, '2026-01-01', 1, 's:x', 1, 1, 'bench-' || n, now()
            FROM generate_series((SELECT count(*) FROM content_displays) + 1, {target}) n
            CROSS JOIN LATERAL (SELECT id FROM campaigns ORDER BY id OFFSET (n % (SELECT count(*) FROM campaigns)) LIMIT 1) c;
            ANALYZE content_displays;
        """
        subprocess.run(["psql", os.environ["PLAYHOUSE_DATABASE_URL"], "-q", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True)
        return
    db = sqlite3.connect(engine)
    campaigns = [row[0] for row in db.execute("SELECT id FROM campaigns")]
    have = db.execute("SELECT count(*) FROM content_displays").fetchone()[0]
    sample = db.execute("SELECT last_displayed_at FROM content_displays LIMIT 1").fetchone()
    when = sample[0] if sample else 1.0
    rows = ((f"p:{uuid.uuid4()}", campaigns[n % len(campaigns)], "2026-01-01", 1, "s:x", 1, 1, f"bench-{n}", when)
            for n in range(have, target))
    db.executemany("INSERT INTO content_displays (subject, campaign_id, day, day_count, session_key, session_count, total_count, "
                   "last_impression, last_displayed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.execute("ANALYZE")
    db.close()


if __name__ == "__main__":
    {"file": content_file, "displays": displays}[sys.argv[1]](*sys.argv[2:])
