"""Helpers of scripts/bench-game-data: the generated game data set, the lines wrk's requests take,
and the baseline, the same documents inserted straight into the server's database.

  bench-game-data.py generate DIR COUNT            a collection items/ of COUNT documents in DIR
  bench-game-data.py lines DIR KIND OUT [N]        N random lines for wrk: ids, or names (url-encoded)
  bench-game-data.py sqlite-insert DB DIR APP      seconds to insert DIR's documents into DB's game_data_documents
  bench-game-data.py postgres-sql DIR APP OUT      the same insert as one SQL file for psql
"""

import hashlib
import json
import os
import random
import sqlite3
import sys
import time
import urllib.parse
import uuid

QUALITIES = ["COMMON", "UNCOMMON", "RARE", "EPIC", "LEGENDARY"]


def document(number, rng):
    return {
        "id": number,
        "name": {"en_US": f"Item {number}", "de_DE": f"Gegenstand {number}", "da_DK": f"Genstand {number}"},
        "quality": {"type": rng.choice(QUALITIES)},
        "level": rng.randint(1, 100),
        "item_class": {"id": rng.randint(1, 20)},
        "price": {"gold": rng.randint(0, 500), "silver": rng.randint(0, 99)},
        "tags": rng.sample(["sharp", "heavy", "old", "shiny", "cursed", "blessed"], 2),
    }


def generate(directory, count):
    rng = random.Random(count)
    items = os.path.join(directory, "items")
    os.makedirs(items, exist_ok=True)
    for number in range(1, count + 1):
        with open(os.path.join(items, f"{number}.json"), "w") as file:
            json.dump(document(number, rng), file)


def lines(directory, kind, out, count=2000):
    ids = [name[:-5] for name in os.listdir(os.path.join(directory, "items"))]
    rng = random.Random(7)
    with open(out, "w") as file:
        for _ in range(count):
            number = rng.choice(ids)
            file.write(number + "\n" if kind == "ids" else urllib.parse.quote(f"Item {number}") + "\n")


def rows(directory):
    """The documents as the server stores them: members in key order, compact, and their digest."""
    items = os.path.join(directory, "items")
    for name in os.listdir(items):
        with open(os.path.join(items, name), "rb") as file:
            body = json.dumps(json.loads(file.read()), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        yield "items", name[:-5], body, hashlib.sha256(body.encode()).hexdigest()


def version_row(app):
    return (str(uuid.uuid4()), app, "baseline", "eu", "static", 1, "en_US", 0, 0, 0, 0, "2026-01-01 00:00:00")


VERSION_INSERT = ("INSERT INTO game_data_versions (id, app_id, game, region, namespace, number, default_locale, documents, added, "
                  "changed, removed, created_at) VALUES ")


def sqlite_insert(database, directory, app):
    documents = list(rows(directory))
    db = sqlite3.connect(database)
    version = version_row(app)
    started = time.perf_counter()
    with db:
        db.execute(VERSION_INSERT + "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", version)
        db.executemany("INSERT INTO game_data_documents (version_id, collection, document_id, body, digest) VALUES (?, ?, ?, ?, ?)",
                       [(version[0], *row) for row in documents])
    seconds = time.perf_counter() - started
    with db:
        db.execute("DELETE FROM game_data_documents WHERE version_id = ?", (version[0],))
        db.execute("DELETE FROM game_data_versions WHERE id = ?", (version[0],))
    print(f"{seconds:.3f}")


def literal(text):
    return "'" + str(text).replace("'", "''") + "'"


def postgres_sql(directory, app, out):
    """One transaction, the documents 500 to a statement (as the server writes them), then the rows deleted again."""
    version = version_row(app)
    documents = list(rows(directory))
    with open(out, "w") as file:
        file.write("BEGIN;\n" + VERSION_INSERT + "(" + ", ".join(literal(value) for value in version) + ");\n")
        for start in range(0, len(documents), 500):
            values = ", ".join("(" + ", ".join(literal(value) for value in (version[0], *row)) + ")" for row in documents[start:start + 500])
            file.write("INSERT INTO game_data_documents (version_id, collection, document_id, body, digest) VALUES " + values + ";\n")
        file.write("COMMIT;\n")
    with open(out + ".cleanup", "w") as file:
        file.write(f"DELETE FROM game_data_versions WHERE id = {literal(version[0])};\n")


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "generate":
        generate(arguments[0], int(arguments[1]))
    elif command == "lines":
        lines(arguments[0], arguments[1], arguments[2], *(int(value) for value in arguments[3:]))
    elif command == "sqlite-insert":
        sqlite_insert(*arguments)
    elif command == "postgres-sql":
        postgres_sql(*arguments)
    else:
        sys.exit(__doc__)
