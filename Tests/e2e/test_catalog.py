"""Dealers, stores and offers against the real binary: the example catalog imported with the CLI
(twice, the second time changing nothing), stores and offers near a point over plain HTTP against
this test's own great-circle reading of the same file, search, and revalidation with the ETag."""

import csv
import json
import math

import pytest
import requests

from conftest import ROOT

EXAMPLE = ROOT / "Server/Examples/catalog/catalog.json"
EARTH_RADIUS = 6371008.8


def metres(a, b):
    """Haversine: the distance along the surface of a sphere of the Earth's mean radius."""
    phi1, phi2 = math.radians(a[0]), math.radians(b[0])
    h = math.sin((phi2 - phi1) / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(math.radians(b[1] - a[1]) / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(min(1, math.sqrt(h)))


@pytest.fixture(scope="module")
def catalog_app(playhouse):
    app = playhouse.create_app("Catalog App")
    first = playhouse.cli("catalog", "import", app["client_id"], str(EXAMPLE)).stdout
    assert "Dealers: 5 added, 0 changed, 0 unchanged, 0 removed" in first
    assert "Stores: 2000 added, 0 changed, 0 unchanged, 0 removed" in first
    assert "Catalogs: 5 added, 0 changed, 0 unchanged, 0 removed" in first
    assert "Offers: 300 added, 0 changed, 0 unchanged, 0 removed" in first
    again = playhouse.cli("catalog", "import", app["client_id"], str(EXAMPLE)).stdout
    assert "Stores: 0 added, 0 changed, 2000 unchanged, 0 removed" in again
    assert "Catalogs: 0 added, 0 changed, 5 unchanged, 0 removed" in again
    assert "Offers: 0 added, 0 changed, 300 unchanged, 0 removed" in again
    token = requests.post(playhouse.base_url + "/oauth/token", data={"grant_type": "client_credentials"},
                          auth=(app["client_id"], app["client_secret"]), timeout=10).json()["access_token"]
    return {"Authorization": "Bearer " + token}


@pytest.mark.parametrize("point,radius", [((55.6761, 12.5683), 3000), ((56.1629, 10.2039), 15000), ((55.0, 11.0), 60000)])
def test_stores_near_a_point_are_the_nearest_within_the_radius(playhouse, catalog_app, point, radius):
    stores = json.loads(EXAMPLE.read_text())["stores"]
    expected = sorted((metres(point, (s["latitude"], s["longitude"])), s["id"]) for s in stores)
    expected = [(d, i) for d, i in expected if d <= radius][:50]
    answer = requests.get(playhouse.base_url + "/v1/stores", headers=catalog_app, timeout=10,
                          params={"r_lat": point[0], "r_lng": point[1], "r_radius": radius, "limit": 50})
    assert answer.status_code == 200, answer.text
    got = answer.json()["data"]
    assert [s["id"] for s in got] == [i for _, i in expected]
    assert all(abs(s["distance"] - d) < 0.01 for s, (d, _) in zip(got, expected))
    assert all(s["ern"] == "ern:store:" + s["id"] for s in got)


def offers_near(point, radius, text=None):
    """This test's reading of the nearest-store rule: every valid offer with a store that sells it
    within the radius, at the nearest such store, nearest first, then by id."""
    catalog = json.loads(EXAMPLE.read_text())
    stores = {s["id"]: s for s in catalog["stores"]}
    found = []
    for offer in catalog["offers"]:
        if offer["valid_until"] < "2026-11-25" or (text and text not in (offer["heading"] + " " + offer["description"]).lower()):
            continue
        selling = offer.get("stores") or [s["id"] for s in catalog["stores"] if s["dealer"] == offer["dealer"]]
        inside = sorted((metres(point, (stores[i]["latitude"], stores[i]["longitude"])), i) for i in selling)
        inside = [(d, i) for d, i in inside if d <= radius]
        if inside:
            found.append((inside[0][0], offer["id"], inside[0][1]))
    return sorted(found)


@pytest.mark.parametrize("point,radius,text", [((55.6761, 12.5683), 3000, None), ((56.1629, 10.2039), 8000, None),
                                               ((55.4038, 10.4024), 20000, "kaffe")])
def test_offers_near_a_point_are_placed_at_their_nearest_store(playhouse, catalog_app, point, radius, text):
    expected = offers_near(point, radius, text)[:60]
    assert expected
    path = "/v1/offers/search" if text else "/v1/offers"
    answer = requests.get(playhouse.base_url + path, headers=catalog_app, timeout=10,
                          params={"r_lat": point[0], "r_lng": point[1], "r_radius": radius, "limit": 60, "query": text or ""})
    assert answer.status_code == 200, answer.text
    got = answer.json()["data"]
    assert [(o["id"], o["store_id"]) for o in got] == [(i, s) for _, i, s in expected]
    assert all(abs(o["distance"] - d) < 0.01 for o, (d, _, _) in zip(got, expected))
    assert all(o["ern"] == "ern:offer:" + o["id"] and o["price"]["currency"] == "DKK" for o in got)


def test_a_catalog_has_its_pages_from_its_directory_and_its_hotspots(playhouse, catalog_app):
    base = playhouse.base_url
    catalog = requests.get(base + "/v1/catalogs/netto-uge-48", headers=catalog_app, timeout=10).json()
    assert catalog["page_count"] == 4 and catalog["label"] == "Netto uge 48" and catalog["ern"] == "ern:catalog:netto-uge-48"
    pages = requests.get(base + "/v1/catalogs/netto-uge-48/pages", headers=catalog_app, timeout=10).json()["data"]
    folder = EXAMPLE.parent / "catalogs/netto-uge-48"
    assert [p["number"] for p in pages] == [1, 2, 3, 4]
    for page in pages:
        image = requests.get(base + page["view"], timeout=10)
        assert image.content == (folder / f"{page['number']}.png").read_bytes()
        assert image.headers["Content-Type"] == "image/png" and "max-age" in image.headers["Cache-Control"]
        assert requests.get(base + page["thumb"], timeout=10).content == (folder / "thumbs" / f"{page['number']}.png").read_bytes()
        assert page["zoom"] == page["view"]
    assert catalog["cover"] == pages[0]["thumb"]
    offers = [o for o in json.loads(EXAMPLE.read_text())["offers"] if o.get("catalog") == "netto-uge-48"]
    hotspots = requests.get(base + "/v1/catalogs/netto-uge-48/hotspots", headers=catalog_app, timeout=10).json()["data"]
    expected = sorted((o["page"], o["id"], o["hotspot"]["x"], o["hotspot"]["y"]) for o in offers)
    assert [(h["page"], h["offer_id"], h["x"], h["y"]) for h in hotspots] == expected


def test_catalogs_near_a_point_are_placed_at_their_nearest_store(playhouse, catalog_app):
    catalog = json.loads(EXAMPLE.read_text())
    point, radius = (56.1629, 10.2039), 5000
    stores = {s["id"]: s for s in catalog["stores"]}
    expected = []
    for c in catalog["catalogs"]:
        selling = c.get("stores") or [s["id"] for s in catalog["stores"] if s["dealer"] == c["dealer"]]
        inside = sorted((metres(point, (stores[i]["latitude"], stores[i]["longitude"])), i) for i in selling)
        inside = [(d, i) for d, i in inside if d <= radius]
        if inside:
            expected.append((inside[0][0], c["id"], inside[0][1]))
    expected.sort()
    answer = requests.get(playhouse.base_url + "/v1/catalogs", headers=catalog_app, timeout=10,
                          params={"r_lat": point[0], "r_lng": point[1], "r_radius": radius})
    assert answer.status_code == 200, answer.text
    assert [(c["id"], c["store_id"]) for c in answer.json()["data"]] == [(i, s) for _, i, s in expected]
    assert len(expected) >= 4


def test_the_same_stores_and_offers_as_csv_change_nothing(playhouse, catalog_app, tmp_path):
    catalog = json.loads(EXAMPLE.read_text())
    (tmp_path / "catalog.json").write_text(json.dumps({"dealers": catalog["dealers"], "catalogs": catalog["catalogs"]}))
    (tmp_path / "catalogs").symlink_to(EXAMPLE.parent / "catalogs")
    with open(tmp_path / "stores.csv", "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["id", "dealer", "street", "city", "zip_code", "country", "latitude", "longitude", "opening_hours"])
        for s in catalog["stores"]:
            hours = "; ".join(f"{h['day_of_week']} {h['opens']}-{h['closes']}" for h in s["opening_hours"])
            writer.writerow([s["id"], s["dealer"], s["street"], s["city"], s["zip_code"], s["country"], repr(s["latitude"]), repr(s["longitude"]), hours])
    with open(tmp_path / "offers.csv", "w", newline="") as out:
        writer = csv.writer(out)
        columns = ["id", "dealer", "heading", "description", "price", "pre_price", "currency", "quantity", "unit", "valid_from", "valid_until",
                   "stores", "catalog", "page", "hotspot"]
        writer.writerow(columns)
        for o in catalog["offers"]:
            spot = o.get("hotspot")
            writer.writerow([o["id"], o["dealer"], o["heading"], o["description"], o["price"], o.get("pre_price", ""), o["currency"],
                             o["quantity"], o["unit"], o["valid_from"], o["valid_until"], " ".join(o.get("stores", [])), o.get("catalog", ""),
                             o.get("page", ""), " ".join(repr(spot[k]) for k in ("x", "y", "width", "height")) if spot else ""])
    app_id = requests.get(playhouse.base_url + "/v1/app", headers=catalog_app, timeout=10).json()["client_id"]
    out = playhouse.cli("catalog", "import", app_id, str(tmp_path)).stdout
    for kind, count in [("Dealers", 5), ("Stores", 2000), ("Catalogs", 5), ("Offers", 300)]:
        assert f"{kind}: 0 added, 0 changed, {count} unchanged, 0 removed" in out, out

    # A bad row is named with its line, and nothing is stored.
    (tmp_path / "bad.csv").write_text("id,dealer,street,city,zip_code,country,latitude,longitude\nx,netto,\"Algade, 1\",Aarhus,8000,DK,north,10\n")
    failed = playhouse.cli("catalog", "import", app_id, str(tmp_path / "bad.csv"), check=False)
    assert failed.returncode != 0 and "bad.csv line 2: latitude is not a number" in failed.stderr


def test_an_unchanged_answer_is_a_304(playhouse, catalog_app):
    url = playhouse.base_url + "/v1/dealers/netto"
    first = requests.get(url, headers=catalog_app, timeout=10)
    assert first.status_code == 200 and first.json()["name"] == "Netto"
    assert first.headers["Cache-Control"] == "max-age=900"
    again = requests.get(url, headers={**catalog_app, "If-None-Match": first.headers["ETag"]}, timeout=10)
    assert again.status_code == 304 and again.content == b""


def test_a_bad_location_is_a_problem(playhouse, catalog_app):
    answer = requests.get(playhouse.base_url + "/v1/stores?r_lat=55.6&r_lng=12.5", headers=catalog_app, timeout=10)
    assert answer.status_code == 400
    assert answer.headers["Content-Type"].startswith("application/problem+json")
    assert "r_radius" in answer.json()["detail"]
