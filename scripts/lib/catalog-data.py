#!/usr/bin/env python3
"""Writes a catalog file for `playhouse catalog import`: dealers, stores scattered around the
cities of Denmark (and, for large sets, of Europe), and the dealers' offers, the same file for the
same arguments.

    scripts/lib/catalog-data.py OUT.json [--stores N] [--offers N] [--seed S]

Without arguments it writes the example data set in Server/Examples/catalog/ (2,000 stores, 300
offers: most sold at all of their dealer's stores, one in four at a few of them, one in ten
expired)."""

import argparse
import json
import random

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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--stores", type=int, default=2000)
    parser.add_argument("--offers", type=int, default=300)
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
            out.write(("," if index else "") + json.dumps(offer, ensure_ascii=False, separators=(",", ":")) + "\n")
        out.write("]}\n")


if __name__ == "__main__":
    main()
