#!/usr/bin/env python3
"""What scripts/bench-catalog needs besides wrk: dealers, stores and offers loaded straight into the
server's database, the points the queries ask about, and the baselines: the server's own queries
run straight on the database.

The stores are spread evenly (a 5 km circle holds about 15 whatever the total) over an area cut
into bands of about 40,000 stores; each band has its own 8 dealers, and each dealer 1,000 offers
(one in four sold at one to three of its stores, the others at all of them). So a 1,000,000-store
set has 200 dealers and 200,000 offers, and what a point sees stays the same as the set grows.

    bench-catalog.py load-sqlite DATABASE COUNT
    bench-catalog.py load-postgres-csv APP_ID COUNT DIRECTORY    dealers.csv, stores.csv, offers.csv, offer_stores.csv
    bench-catalog.py points COUNT TOTAL OUT          lines of r_lat=…&r_lng=… inside the stores' area
    bench-catalog.py sqlite-baseline KIND DATABASE POINTS RADIUS LIMIT SECONDS PROCESSES   → "rps p50_ms p99_ms"
    bench-catalog.py pgbench-scripts KIND DIRECTORY POINTS RADIUS LIMIT APP_ID             one script per point
KIND is stores or offers.
"""

import json
import math
import multiprocessing
import random
import sqlite3
import sys
import time
import uuid

EARTH_RADIUS = 6371008.8
CENTRE = (54.0, 10.0)
STORES_PER_KM2 = 0.2
BAND_STORES = 40000
DEALERS_PER_BAND = 8
OFFERS_PER_DEALER = 1000
WORDS = ["bananer", "æbler", "kaffe", "mælk", "rugbrød", "ost", "smør", "chokolade", "kylling", "oksekød", "laks", "pasta",
         "tomater", "kartofler", "juice", "øl", "yoghurt", "æg", "økologisk", "dansk", "frisk", "frost", "stor", "lille"]
DAY = 86400


def area(total):
    """The box the stores lie in: half-widths in degrees of latitude and longitude."""
    side_km = math.sqrt(total / STORES_PER_KM2)
    half_lat = side_km / 2 / 111.2
    return half_lat, side_km / 2 / (111.2 * math.cos(math.radians(CENTRE[0])))


def place(rng, total):
    half_lat, half_lng = area(total)
    return CENTRE[0] + rng.uniform(-half_lat, half_lat), CENTRE[1] + rng.uniform(-half_lng, half_lng)


def vector(latitude, longitude):
    phi, lam = math.radians(latitude), math.radians(longitude)
    return math.cos(phi) * math.cos(lam), math.cos(phi) * math.sin(lam), math.sin(phi)


def bands(total):
    return max(1, round(total / BAND_STORES))


def dealers(total):
    return [f"bench-d{band:03d}-{k}" for band in range(bands(total)) for k in range(DEALERS_PER_BAND)]


def storage_order(latitude, longitude):
    """The order `playhouse catalog import` writes stores in (GeoPoint.storageOrder): along a
    Hilbert curve over a 65,536 × 65,536 grid of longitude and latitude."""
    side = 1 << 16
    x = min(side - 1, int((longitude + 180) / 360 * side))
    y = min(side - 1, int((latitude + 90) / 180 * side))
    distance, half = 0, side >> 1
    while half:
        right, up = int(x & half > 0), int(y & half > 0)
        distance += half * half * ((3 * right) ^ up)
        if not up:
            if right:
                x, y = side - 1 - x, side - 1 - y
            x, y = y, x
        half >>= 1
    return distance


def stores(count):
    """(place, id, dealer, latitude, longitude, x, y, z) for each store, in the order the import writes them."""
    rng = random.Random(25)
    half_lat, _ = area(count)
    made = []
    for index in range(count):
        latitude, longitude = place(rng, count)
        band = min(bands(count) - 1, int((latitude - CENTRE[0] + half_lat) / (2 * half_lat) * bands(count)))
        made.append((f"bench-{index:07d}", f"bench-d{band:03d}-{index % DEALERS_PER_BAND}", latitude, longitude, *vector(latitude, longitude)))
    made.sort(key=lambda store: storage_order(store[2], store[3]))
    return [(number, *store) for number, store in enumerate(made, start=1)]


def offers(total, stores_of):
    """(number, id, dealer, heading, price, listed store keys or None) for each offer; `stores_of`
    maps a dealer to its stores' keys."""
    rng = random.Random(26)
    number = 0
    for dealer in dealers(total):
        own = stores_of.get(dealer, [])
        for k in range(OFFERS_PER_DEALER):
            number += 1
            listed = rng.sample(own, min(len(own), rng.randint(1, 3))) if k % 4 == 3 and own else None
            yield number, f"{dealer}-o{k:04d}", dealer, f"{rng.choice(WORDS)} {rng.choice(WORDS)}", rng.randrange(500, 15000), listed


def load_sqlite(database, count):
    count = int(count)
    db = sqlite3.connect(database, timeout=60)
    app_id, sample_id = db.execute("SELECT app_id, id FROM catalog_dealers LIMIT 1").fetchone()
    new_id = (lambda: uuid.uuid4().bytes) if isinstance(sample_id, bytes) else (lambda: str(uuid.uuid4()))
    now = time.time()
    db.execute("BEGIN IMMEDIATE")
    dealer_ids = {external: new_id() for external in dealers(count)}
    db.executemany("INSERT INTO catalog_dealers (id, app_id, external_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                   ((key, app_id, external, external, now, now) for external, key in dealer_ids.items()))
    stores_of = {}

    def rows():
        for number, external, dealer, lat, lng, x, y, z in stores(count):
            key = new_id()
            stores_of.setdefault(dealer, []).append(key)
            yield key, app_id, dealer_ids[dealer], external, number, lat, lng, x, y, z, now, now
    db.executemany(
        "INSERT INTO catalog_stores (id, app_id, dealer_id, external_id, place, street, city, zip_code, country, latitude, longitude, "
        "x, y, z, opening_hours, contact, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'Benchgade 1', 'Bench', '1000', 'DK', ?, ?, ?, ?, ?, '', NULL, ?, ?)",
        rows())
    listed = []

    def offer_rows():
        for number, external, dealer, heading, price, sold_at in offers(count, stores_of):
            key = new_id()
            listed.extend((store, key) for store in sold_at or [])
            yield (key, app_id, dealer_ids[dealer], external, number, heading, heading, price, now - DAY, now + 30 * DAY,
                   0 if sold_at else 1, now, now)
    db.executemany(
        "INSERT INTO catalog_offers (id, app_id, dealer_id, external_id, number, heading, words, price, currency, valid_from, valid_until, "
        "all_stores, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'DKK', ?, ?, ?, ?, ?)", offer_rows())
    db.executemany("INSERT INTO catalog_offer_stores (store_id, offer_id) VALUES (?, ?)", listed)
    db.execute("COMMIT")
    db.close()


def load_postgres_csv(app_id, count, directory):
    count = int(count)
    dealer_ids = {external: str(uuid.uuid4()) for external in dealers(count)}
    with open(f"{directory}/dealers.csv", "w") as out:
        for external, key in dealer_ids.items():
            out.write(f"{key},{app_id},{external},{external},now,now\n")
    stores_of = {}
    with open(f"{directory}/stores.csv", "w") as out:
        for number, external, dealer, lat, lng, x, y, z in stores(count):
            key = str(uuid.uuid4())
            stores_of.setdefault(dealer, []).append(key)
            out.write(f"{key},{app_id},{dealer_ids[dealer]},{external},{number},Benchgade 1,Bench,1000,DK,{lat!r},{lng!r},{x!r},{y!r},{z!r},\"\",now,now\n")
    valid_from = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - DAY))
    valid_until = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 30 * DAY))
    with open(f"{directory}/offers.csv", "w") as out, open(f"{directory}/offer_stores.csv", "w") as links:
        for number, external, dealer, heading, price, sold_at in offers(count, stores_of):
            key = str(uuid.uuid4())
            for store in sold_at or []:
                links.write(f"{store},{key}\n")
            out.write(f"{key},{app_id},{dealer_ids[dealer]},{external},{number},{heading},{heading},{price},DKK,{valid_from},{valid_until},"
                      f"{'false' if sold_at else 'true'},now,now\n")


def points(count, total, path):
    rng = random.Random(7)
    with open(path, "w") as out:
        for _ in range(int(count)):
            latitude, longitude = place(rng, int(total))
            out.write(f"r_lat={latitude:.6f}&r_lng={longitude:.6f}\n")


def read_points(path):
    result = []
    for line in open(path):
        fields = dict(part.split("=") for part in line.strip().split("&"))
        result.append((float(fields["r_lat"]), float(fields["r_lng"])))
    return result


def bounds(point, radius):
    """The centre's vector, the squared chord of the radius and the cube's half-edge, as the server computes them."""
    centre = vector(*point)
    chord = 2 * math.sin(min(radius, math.pi * EARTH_RADIUS) / EARTH_RADIUS / 2)
    return centre, chord * chord, chord


def chord_sql(c, literal):
    """The server's squared-chord expression (GeoPoint.chordSquaredSQL)."""
    x, y, z = (repr(v) for v in c) if literal else ("?", "?", "?")
    return f"((s.x - {x}) * (s.x - {x}) + (s.y - {y}) * (s.y - {y}) + (s.z - {z}) * (s.z - {z}))"


COLUMNS = ("s.external_id, d.external_id AS dealer, s.street, s.city, s.zip_code, s.country, s.latitude, s.longitude, "
           "s.opening_hours, s.contact")


OFFER_COLUMNS = ("o.external_id, d.external_id AS dealer, o.heading, o.description, o.price, o.pre_price, o.currency, o.quantity, "
                 "o.unit, o.image, o.valid_from, o.valid_until, "
                 "(SELECT c.external_id FROM catalog_catalogs c WHERE c.id = o.catalog_id) AS catalog, o.page")


def offers_sql(near, now, limit, true):
    """The server's offers query on PostgreSQL, nearest first, around the stores' query `near`
    (CatalogService.placedSQL), its values written in."""
    own = f"x.dealer_id = n.dealer_id AND x.all_stores = {true}"
    bound = "n.chord <= (SELECT chord FROM bound)"
    return ("WITH near AS (SELECT s.id, s.dealer_id, s.external_id, " + near + "), "
            "ranked AS (SELECT dealer_id, external_id, chord, ROW_NUMBER() OVER (PARTITION BY dealer_id ORDER BY chord, external_id) AS nth "
            "FROM near), "
            "nearest AS (SELECT n.dealer_id, n.external_id, n.chord, (SELECT x.external_id FROM catalog_offers x "
            f"WHERE {own} AND x.valid_until > {now} ORDER BY x.external_id LIMIT 1 OFFSET {limit}) AS last FROM ranked n WHERE n.nth = 1), "
            "bound AS (SELECT COALESCE(MIN(chord), 8.0) AS chord FROM nearest WHERE last IS NOT NULL), "
            "reach AS (SELECT o.id AS placed, o.external_id AS placed_id, n.external_id AS store, n.chord "
            "FROM nearest n JOIN catalog_offers o ON o.dealer_id = n.dealer_id "
            f"AND o.all_stores = {true} AND o.valid_until > {now} "
            f"AND o.external_id <= COALESCE(n.last, (SELECT MAX(x.external_id) FROM catalog_offers x WHERE {own})) AND {bound} "
            "UNION ALL SELECT placed, placed_id, store, chord FROM (SELECT o.id AS placed, o.external_id AS placed_id, n.external_id AS store, "
            "n.chord, ROW_NUMBER() OVER (PARTITION BY o.id ORDER BY n.chord, n.external_id) AS nth "
            "FROM near n CROSS JOIN catalog_offer_stores os JOIN catalog_offers o ON o.id = os.offer_id "
            f"WHERE os.store_id = n.id AND o.valid_until > {now} AND {bound}) l WHERE l.nth = 1), "
            f"page AS (SELECT placed, store, chord FROM reach ORDER BY chord ASC, placed_id ASC LIMIT {limit + 1} OFFSET 0) "
            f"SELECT {OFFER_COLUMNS}, b.store, b.chord FROM page b JOIN catalog_offers o ON o.id = b.placed "
            "JOIN catalog_dealers d ON d.id = o.dealer_id ORDER BY chord ASC, o.external_id ASC")


QUERY_TIME = time.time()  # "now" for every SQLite page, bound as the server binds it


def sqlite_near(point, radius, app_id):
    """The server's SQLite stores within `radius` of `point` (CatalogService.storeFilter): the tables,
    the conditions and their binds, and the squared-chord expression and its binds."""
    c, bound, edge = bounds(point, radius)
    chord = [c[0], c[0], c[1], c[1], c[2], c[2]]
    box = [c[0] + edge, c[0] - edge, c[1] + edge, c[1] - edge, c[2] + edge, c[2] - edge]
    chord_expr = chord_sql(c, False)
    where = (f"s.app_id = ? AND p.min_x <= ? AND p.max_x >= ? AND p.min_y <= ? AND p.max_y >= ? AND p.min_z <= ? AND p.max_z >= ? "
             f"AND {chord_expr} <= ?")
    return ("catalog_store_places p CROSS JOIN catalog_stores s ON s.place = p.place", where, [app_id, *box, *chord, bound],
            chord_expr, chord)


def sqlite_stores(point, radius, limit, app_id):
    """The server's SQLite stores query and its binds (CatalogService.stores)."""
    tables, where, where_binds, chord_expr, chord = sqlite_near(point, radius, app_id)
    sql = (f"SELECT {COLUMNS}, {chord_expr} AS chord FROM {tables} JOIN catalog_dealers d ON d.id = s.dealer_id WHERE {where} "
           "ORDER BY chord ASC, s.external_id ASC LIMIT ? OFFSET ?")
    return sql, [*chord, *where_binds, limit + 1, 0]


def sqlite_offers(db, point, radius, limit, app_id):
    """Offers nearest first as the server reads them on SQLite (CatalogService.nearestFirst), with
    its statements: the stores in the radius nearest first, in batches; each near dealer's first
    offers sold at all its stores, by id, until the page is full; then the offers listed at the
    stores read, found by the stores' ids (one JSON array). The page's rows, as (chord, id, store, row)."""
    place, where, where_binds, chord_expr, chord = sqlite_near(point, radius, app_id)
    now, page_end = QUERY_TIME, limit + 1
    db.execute("BEGIN")  # one version of the catalog for the page's statements (Store.readTogether)
    found, at, batch, offset, farthest, stop = [], {}, 64, 0, None, False
    nearer = at_farthest = 0
    dealers, read = set(), {}
    while True:
        stores = db.execute(
            f"SELECT s.id, s.external_id, d.external_id AS dealer, {chord_expr} AS chord "
            f"FROM {place} JOIN catalog_dealers d ON d.id = s.dealer_id WHERE {where} "
            "ORDER BY chord ASC, s.external_id ASC LIMIT ? OFFSET ?", [*chord, *where_binds, batch, offset]).fetchall()
        for key, store, dealer, distance in stores:
            if farthest is not None and distance > farthest:
                nearer, at_farthest = nearer + at_farthest, 0
            if nearer >= page_end:
                stop = True
                break
            farthest = distance
            read[key] = (store, distance)
            if dealer in dealers:
                continue
            dealers.add(dealer)
            rows = db.execute(
                f"SELECT {OFFER_COLUMNS} FROM catalog_offers o JOIN catalog_dealers d ON d.id = o.dealer_id "
                "WHERE o.dealer_id = (SELECT x.id FROM catalog_dealers x WHERE x.app_id = ? AND x.external_id = ?) "
                "AND o.all_stores = ? AND o.valid_until > ? ORDER BY o.external_id ASC LIMIT ?", [app_id, dealer, 1, now, page_end]).fetchall()
            for row in rows:
                at[row[0]] = len(found)
                found.append((distance, row[0], store, row))
            at_farthest += len(rows)
        if stop or len(stores) < batch:
            break
        offset, batch = offset + len(stores), batch * 8
    if read:
        for row in db.execute(
                f"SELECT {OFFER_COLUMNS}, os.store_id AS store_key FROM catalog_offer_stores os JOIN catalog_offers o ON o.id = os.offer_id "
                "JOIN catalog_dealers d ON d.id = o.dealer_id WHERE os.store_id IN (SELECT value FROM json_each(?)) AND o.valid_until > ?",
                [json.dumps(list(read)), now]).fetchall():
            store, distance = read[row[-1]]
            entry = (distance, row[0], store, row)
            if row[0] not in at:
                at[row[0]] = len(found)
                found.append(entry)
            elif (entry[0], entry[2]) < (found[at[row[0]]][0], found[at[row[0]]][2]):
                found[at[row[0]]] = entry
    db.execute("COMMIT")
    found.sort(key=lambda entry: (entry[0], entry[1]))
    return found[:page_end]


def sqlite_worker(kind, database, points_path, radius, limit, seconds, queue):
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True, isolation_level=None)  # transactions as asked
    db.execute("PRAGMA mmap_size=1073741824")  # as the server reads it
    app_id = db.execute("SELECT app_id FROM catalog_dealers LIMIT 1").fetchone()[0]
    points = read_points(points_path)
    queries = [sqlite_stores(point, radius, limit, app_id) for point in points] if kind == "stores" else []
    latencies, stop_at, n = [], time.monotonic() + seconds, 0
    while time.monotonic() < stop_at:
        started = time.monotonic()
        if kind == "offers":
            sqlite_offers(db, points[n % len(points)], radius, limit, app_id)
        else:
            sql, binds = queries[n % len(queries)]
            db.execute(sql, binds).fetchall()
        latencies.append(time.monotonic() - started)
        n += 1
    queue.put(latencies)


def sqlite_baseline(kind, database, points_path, radius, limit, seconds, processes):
    queue = multiprocessing.Queue()
    workers = [multiprocessing.Process(target=sqlite_worker, args=(kind, database, points_path, float(radius), int(limit), float(seconds), queue))
               for _ in range(int(processes))]
    for worker in workers:
        worker.start()
    latencies = sorted(sum((queue.get() for _ in workers), []))
    for worker in workers:
        worker.join()
    print(f"{len(latencies) / float(seconds):.1f} {latencies[len(latencies) // 2] * 1000:.3f} {latencies[int(len(latencies) * 0.99)] * 1000:.3f}")


def pgbench_scripts(kind, directory, points_path, radius, limit, app_id):
    radius, limit = float(radius), int(limit)
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    for number, point in enumerate(read_points(points_path)[:64]):
        c, bound, edge = bounds(point, radius)
        low = ", ".join(repr(v - edge) for v in c)
        high = ", ".join(repr(v + edge) for v in c)
        near = (f"{chord_sql(c, True)} AS chord FROM catalog_stores s "
                f"WHERE s.app_id = '{app_id}' AND cube(ARRAY[s.x, s.y, s.z]) <@ cube(ARRAY[{low}]::float8[], ARRAY[{high}]::float8[]) "
                f"AND {chord_sql(c, True)} <= {bound!r}")
        with open(f"{directory}/query-{number}.sql", "w") as out:
            if kind == "offers":
                out.write(offers_sql(near, f"'{now}'", limit, "true") + ";\n")
            else:
                out.write(f"SELECT {COLUMNS}, {near.replace(' WHERE ', ' JOIN catalog_dealers d ON d.id = s.dealer_id WHERE ', 1)} "
                          f"ORDER BY chord ASC, s.external_id ASC LIMIT {limit + 1} OFFSET 0;\n")


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    {"load-sqlite": load_sqlite, "load-postgres-csv": load_postgres_csv, "points": points,
     "sqlite-baseline": sqlite_baseline, "pgbench-scripts": pgbench_scripts}[command](*arguments)
