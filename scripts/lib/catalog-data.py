#!/usr/bin/env python3
"""Writes a catalog file for `playhouse catalog import`: dealers, stores scattered around the
cities of Denmark (and, for large sets, of Europe), and the dealers' offers, the same file for the
same arguments.

    scripts/lib/catalog-data.py OUT.json [--stores N] [--offers N] [--seed S]

Without arguments it writes the example data set in Server/Examples/catalog/ (2,000 stores, a
four-page catalog for each dealer with its page images drawn beside the file, 300 offers: most sold
at all of their dealer's stores, one in four at a few of them, one in ten expired, the first
sixteen of each dealer on its catalog's pages with a hotspot each)."""

import argparse
import json
import os
import random
import struct
import zlib

DEALERS = [
    ("netto", "Netto", "https://netto.dk", "#FFD500"),
    ("fakta", "Fakta", "https://fakta.dk", "#E3000F"),
    ("irma", "Irma", "https://irma.dk", "#0077C8"),
    ("bilka", "Bilka", "https://bilka.dk", "#00A3E0"),
    ("lidl", "Lidl", "https://lidl.dk", "#0050AA"),
]
CITIES = [
    ("København", "DK", 55.6761, 12.5683, 0.12), ("Aarhus", "DK", 56.1629, 10.2039, 0.08), ("Odense", "DK", 55.4038, 10.4024, 0.06),
    ("Aalborg", "DK", 57.0488, 9.9217, 0.06), ("Esbjerg", "DK", 55.4765, 8.4594, 0.05), ("Randers", "DK", 56.4607, 10.0364, 0.04),
    ("Kolding", "DK", 55.4904, 9.4722, 0.04), ("Vejle", "DK", 55.7093, 9.5357, 0.04), ("Roskilde", "DK", 55.6415, 12.0803, 0.04),
    ("Helsingør", "DK", 56.0361, 12.6136, 0.03),
]
EUROPE = [
    ("Berlin", "DE", 52.52, 13.405, 0.2), ("Hamburg", "DE", 53.5511, 9.9937, 0.15), ("Stockholm", "SE", 59.3293, 18.0686, 0.15),
    ("Oslo", "NO", 59.9139, 10.7522, 0.12), ("Amsterdam", "NL", 52.3676, 4.9041, 0.12), ("Paris", "FR", 48.8566, 2.3522, 0.25),
    ("Madrid", "ES", 40.4168, -3.7038, 0.2), ("Roma", "IT", 41.9028, 12.4964, 0.2), ("Warszawa", "PL", 52.2297, 21.0122, 0.15),
    ("Wien", "AT", 48.2082, 16.3738, 0.12),
]
WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
PRODUCTS = [
    ("Bananer", "Økologiske bananer fra Ecuador", 1000, "g"), ("Æbler", "Danske Ingrid Marie æbler", 1000, "g"),
    ("Kaffe", "Formalet kaffe, mellemristet", 400, "g"), ("Mælk", "Letmælk fra Arla", 1, "l"),
    ("Rugbrød", "Groft rugbrød med kerner", 1000, "g"), ("Ost", "Skiveost 45+, mild", 500, "g"),
    ("Smør", "Lurpak smør, saltet", 250, "g"), ("Chokolade", "Mørk chokolade 70 %", 100, "g"),
    ("Kyllingebryst", "Danske kyllingebryst uden skind", 900, "g"), ("Hakket oksekød", "Hakket oksekød 8-12 %", 500, "g"),
    ("Laks", "Norske laksefileter", 250, "g"), ("Pasta", "Italiensk pasta, fusilli", 500, "g"),
    ("Tomater", "Cherrytomater i bakke", 250, "g"), ("Kartofler", "Nye danske kartofler", 2000, "g"),
    ("Appelsinjuice", "Presset appelsinjuice med frugtkød", 1, "l"), ("Øl", "Pilsner, 6 flasker", 6, "stk"),
    ("Yoghurt", "Græsk yoghurt 10 %", 1000, "g"), ("Æg", "Frilandsæg, 10 stk", 10, "stk"),
]
STREETS = ["Algade", "Nørregade", "Vestergade", "Østergade", "Søndergade", "Jernbanegade", "Torvet", "Strandvejen", "Parkvej", "Skolevej"]


PAGE_SIZE, THUMB_SIZE, PAGES = (480, 640), (120, 160), 4


def png(width, height, pixel):
    """A PNG of `width` × `height` whose pixel at (x, y) is the RGB triple pixel(x, y)."""
    rows = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def slot(k):
    """The hotspot of a page's k-th offer (0 to 3): a cell of a 2 × 2 grid under the page's header."""
    return {"x": 0.05 + 0.475 * (k % 2), "y": 0.2 + 0.4 * (k // 2), "width": 0.425, "height": 0.35}


def draw_page(color, number, size):
    """A page of the dealer's colour: a header band, a bar per page number, and the four offer cells."""
    width, height = size
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    light = tuple(255 - (255 - c) // 5 for c in (r, g, b))
    cells = [slot(k) for k in range(4)]

    def pixel(x, y):
        u, v = x / width, y / height
        if v < 0.15:
            return (r, g, b) if not (0.05 < v < 0.1 and 0.05 < u < 0.05 + 0.1 * number) else (255, 255, 255)
        for cell in cells:
            if cell["x"] <= u < cell["x"] + cell["width"] and cell["y"] <= v < cell["y"] + cell["height"]:
                return (255, 255, 255) if v < cell["y"] + cell["height"] * 0.7 else (r, g, b)
        return light
    return png(width, height, pixel)


def write_pages(folder, dealer, color):
    """The catalog's pages and thumbnails under `folder`, as its page_directory."""
    os.makedirs(os.path.join(folder, "thumbs"), exist_ok=True)
    for number in range(1, PAGES + 1):
        with open(os.path.join(folder, f"{number}.png"), "wb") as out:
            out.write(draw_page(color, number, PAGE_SIZE))
        with open(os.path.join(folder, "thumbs", f"{number}.png"), "wb") as out:
            out.write(draw_page(color, number, THUMB_SIZE))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--stores", type=int, default=2000)
    parser.add_argument("--offers", type=int, default=300)
    parser.add_argument("--catalogs", action=argparse.BooleanOptionalAction, default=True,
                        help="a catalog for each dealer, its pages drawn beside the file")
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cities = CITIES + (EUROPE if args.stores > 10000 else [])
    store_ids = {d: [] for d, _, _, _ in DEALERS}
    with open(args.out, "w", encoding="utf-8") as out:
        out.write('{"dealers": [\n')
        out.write(",\n".join(json.dumps({"id": d, "name": n, "website": w, "brand_color": c}, ensure_ascii=False)
                             for d, n, w, c in DEALERS))
        out.write('\n], "stores": [\n')
        for index in range(args.stores):
            city, country, latitude, longitude, spread = rng.choice(cities)
            dealer = DEALERS[index % len(DEALERS)][0]
            opens, closes = rng.choice([("07:00", "22:00"), ("08:00", "21:00"), ("09:00", "20:00")])
            store = {
                "id": f"{dealer}-{index:07d}", "dealer": dealer,
                "street": f"{rng.choice(STREETS)} {rng.randint(1, 180)}", "city": city,
                "zip_code": str(rng.randint(1000, 9990)), "country": country,
                "latitude": round(latitude + rng.gauss(0, spread), 6), "longitude": round(longitude + rng.gauss(0, spread * 1.7), 6),
                "opening_hours": [{"day_of_week": day, "opens": opens, "closes": closes} for day in WEEK],
            }
            store_ids[dealer].append(store["id"])
            out.write(("," if index else "") + json.dumps(store, ensure_ascii=False, separators=(",", ":")) + "\n")
        if args.catalogs:
            out.write('], "catalogs": [\n')
            for index, (dealer, name, _, color) in enumerate(DEALERS):
                catalog = {"id": f"{dealer}-uge-48", "dealer": dealer, "label": f"{name} uge 48", "valid_from": "2026-11-23T00:00:00Z",
                           "valid_until": "2036-11-23T00:00:00Z", "page_directory": f"catalogs/{dealer}-uge-48"}
                if dealer == "irma" and store_ids[dealer]:
                    catalog["stores"] = store_ids[dealer][:25]
                write_pages(os.path.join(os.path.dirname(os.path.abspath(args.out)), catalog["page_directory"]), dealer, color)
                out.write(("," if index else "") + json.dumps(catalog, ensure_ascii=False, separators=(",", ":")) + "\n")
        out.write('], "offers": [\n')
        for index in range(args.offers):
            dealer = DEALERS[index % len(DEALERS)][0]
            heading, description, quantity, unit = PRODUCTS[rng.randrange(len(PRODUCTS))]
            price = rng.randrange(500, 15000, 25)
            offer = {
                "id": f"{dealer}-offer-{index:06d}", "dealer": dealer, "heading": heading, "description": description,
                "price": f"{price // 100}.{price % 100:02d}", "currency": "DKK", "quantity": quantity, "unit": unit,
                # The example stays valid for years; one offer in ten has ended.
                "valid_from": "2026-11-23T00:00:00Z",
                "valid_until": "2026-11-24T00:00:00Z" if index % 10 == 9 else "2036-11-23T00:00:00Z",
            }
            if index % 3 == 0:
                offer["pre_price"] = f"{price * 5 // 400}.{price * 5 // 4 % 100:02d}"
            if index % 4 == 3 and store_ids[dealer]:
                offer["stores"] = sorted(set(rng.choice(store_ids[dealer]) for _ in range(rng.randint(1, 5))))
            k = index // len(DEALERS)
            if args.catalogs and k < PAGES * 4:
                offer.update(catalog=f"{dealer}-uge-48", page=k // 4 + 1, hotspot=slot(k % 4))
            out.write(("," if index else "") + json.dumps(offer, ensure_ascii=False, separators=(",", ":")) + "\n")
        out.write("]}\n")


if __name__ == "__main__":
    main()
