#!/usr/bin/env python3
"""What scripts/bench-catalog needs besides wrk: stores loaded straight into the server's database
(as many as asked, spread evenly so that a 5 km circle holds about the same number of stores
whatever the total), the points the queries ask about, and the baselines: the server's own
query run straight on the database.

    bench-catalog.py load-sqlite DATABASE COUNT
    bench-catalog.py load-postgres-csv APP_ID DEALER_ID COUNT > stores.csv   (for psql's \\copy)
    bench-catalog.py points COUNT TOTAL OUT          lines of r_lat=…&r_lng=… inside the stores' area
    bench-catalog.py sqlite-baseline DATABASE POINTS RADIUS LIMIT SECONDS PROCESSES   → "rps p50_ms p99_ms"
    bench-catalog.py pgbench-scripts DIRECTORY POINTS RADIUS LIMIT APP_ID             one script per point
"""

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


def stores(count):
    rng = random.Random(25)
    for index in range(count):
        latitude, longitude = place(rng, count)
        x, y, z = vector(latitude, longitude)
        yield index + 1, f"bench-{index:07d}", latitude, longitude, x, y, z


def load_sqlite(database, count):
    db = sqlite3.connect(database, timeout=60)
    app_id, dealer_id, created = db.execute("SELECT app_id, id, created_at FROM catalog_dealers LIMIT 1").fetchone()
    new_id = (lambda: uuid.uuid4().bytes) if isinstance(dealer_id, bytes) else (lambda: str(uuid.uuid4()))
    db.execute("BEGIN IMMEDIATE")
    db.executemany(
        "INSERT INTO catalog_stores (id, app_id, dealer_id, external_id, place, street, city, zip_code, country, latitude, longitude, "
        "x, y, z, opening_hours, contact, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'Benchgade 1', 'Bench', '1000', 'DK', ?, ?, ?, ?, ?, '', NULL, ?, ?)",
        ((new_id(), app_id, dealer_id, external, number, lat, lng, x, y, z, created, created)
         for number, external, lat, lng, x, y, z in stores(int(count))))
    db.execute("COMMIT")
    db.close()


def load_postgres_csv(app_id, dealer_id, count):
    out = sys.stdout
    for number, external, lat, lng, x, y, z in stores(int(count)):
        out.write(f"{uuid.uuid4()},{app_id},{dealer_id},{external},{number},Benchgade 1,Bench,1000,DK,{lat!r},{lng!r},{x!r},{y!r},{z!r},\"\",now,now\n")


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


def sqlite_query(point, radius, limit, app_id):
    """The server's SQLite query and its binds (CatalogService.stores)."""
    c, bound, edge = bounds(point, radius)
    chord = [c[0], c[0], c[1], c[1], c[2], c[2]]
    box = [c[0] + edge, c[0] - edge, c[1] + edge, c[1] - edge, c[2] + edge, c[2] - edge]
    sql = (f"SELECT {COLUMNS}, {chord_sql(c, False)} AS chord FROM catalog_store_places p CROSS JOIN catalog_stores s ON s.place = p.place "
           "JOIN catalog_dealers d ON d.id = s.dealer_id WHERE s.app_id = ? AND p.min_x <= ? AND p.max_x >= ? AND p.min_y <= ? "
           f"AND p.max_y >= ? AND p.min_z <= ? AND p.max_z >= ? AND {chord_sql(c, False)} <= ? ORDER BY chord ASC, s.external_id ASC LIMIT ? OFFSET ?")
    return sql, [*chord, app_id, *box, *chord, bound, limit + 1, 0]


def sqlite_worker(database, points_path, radius, limit, seconds, queue):
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    app_id = db.execute("SELECT app_id FROM catalog_dealers LIMIT 1").fetchone()[0]
    queries = [sqlite_query(point, radius, limit, app_id) for point in read_points(points_path)]
    latencies, stop_at, n = [], time.monotonic() + seconds, 0
    while time.monotonic() < stop_at:
        sql, binds = queries[n % len(queries)]
        started = time.monotonic()
        db.execute(sql, binds).fetchall()
        latencies.append(time.monotonic() - started)
        n += 1
    queue.put(latencies)


def sqlite_baseline(database, points_path, radius, limit, seconds, processes):
    queue = multiprocessing.Queue()
    workers = [multiprocessing.Process(target=sqlite_worker, args=(database, points_path, float(radius), int(limit), float(seconds), queue))
               for _ in range(int(processes))]
    for worker in workers:
        worker.start()
    latencies = sorted(sum((queue.get() for _ in workers), []))
    for worker in workers:
        worker.join()
    print(f"{len(latencies) / float(seconds):.1f} {latencies[len(latencies) // 2] * 1000:.3f} {latencies[int(len(latencies) * 0.99)] * 1000:.3f}")


def pgbench_scripts(directory, points_path, radius, limit, app_id):
    radius, limit = float(radius), int(limit)
    for number, point in enumerate(read_points(points_path)[:64]):
        c, bound, edge = bounds(point, radius)
        low = ", ".join(repr(v - edge) for v in c)
        high = ", ".join(repr(v + edge) for v in c)
        with open(f"{directory}/query-{number}.sql", "w") as out:
            out.write(f"SELECT {COLUMNS}, {chord_sql(c, True)} AS chord FROM catalog_stores s JOIN catalog_dealers d ON d.id = s.dealer_id "
                      f"WHERE s.app_id = '{app_id}' AND cube(ARRAY[s.x, s.y, s.z]) <@ cube(ARRAY[{low}]::float8[], ARRAY[{high}]::float8[]) "
                      f"AND {chord_sql(c, True)} <= {bound!r} ORDER BY chord ASC, s.external_id ASC LIMIT {limit + 1} OFFSET 0;\n")


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    {"load-sqlite": load_sqlite, "load-postgres-csv": load_postgres_csv, "points": points,
     "sqlite-baseline": sqlite_baseline, "pgbench-scripts": pgbench_scripts}[command](*arguments)
