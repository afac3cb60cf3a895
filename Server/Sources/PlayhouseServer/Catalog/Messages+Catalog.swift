extension Messages {
    /// The catalog feature's problems.
    static let catalog: [String: [String: Text]] = [
        "invalid_catalog": [
            "en": Text(title: "Invalid catalog", detail: "The catalog file cannot be imported: {problems}."),
            "da": Text(title: "Ugyldigt katalog", detail: "Katalogfilen kan ikke importeres: {problems}."),
            "de": Text(title: "Ungültiger Katalog", detail: "Die Katalogdatei kann nicht importiert werden: {problems}."),
        ],
        "invalid_location": [
            "en": Text(title: "", detail: "r_lat (−90 to 90), r_lng (−180 to 180) and r_radius (metres, 1 to 20015114) go together."),
            "da": Text(title: "", detail: "r_lat (−90 til 90), r_lng (−180 til 180) og r_radius (meter, 1 til 20015114) hører sammen."),
            "de": Text(title: "", detail: "r_lat (−90 bis 90), r_lng (−180 bis 180) und r_radius (Meter, 1 bis 20015114) gehören zusammen."),
        ],
        "invalid_order_by": [
            "en": Text(title: "", detail: "order_by is a comma list of {allowed}, each with - for descending, distance only with a location."),
            "da": Text(title: "", detail: "order_by er en kommaliste af {allowed}, hver med - for faldende, distance kun med en position."),
            "de": Text(title: "", detail: "order_by ist eine Kommaliste aus {allowed}, jeweils mit - für absteigend, distance nur mit einem Standort."),
        ],
        "invalid_ids": [
            "en": Text(title: "", detail: "{parameter} is a comma list of at most 100 ids."),
            "da": Text(title: "", detail: "{parameter} er en kommaliste af højst 100 id'er."),
            "de": Text(title: "", detail: "{parameter} ist eine Kommaliste aus höchstens 100 IDs."),
        ],
        "invalid_search": [
            "en": Text(title: "", detail: "query is the text to search for: at most 200 bytes, with at least one letter or digit."),
            "da": Text(title: "", detail: "query er teksten, der søges efter: højst 200 bytes, med mindst ét bogstav eller tal."),
            "de": Text(title: "", detail: "query ist der gesuchte Text: höchstens 200 Bytes, mit mindestens einem Buchstaben oder einer Ziffer."),
        ],
        "invalid_page": [
            "en": Text(title: "", detail: "page is a page number from 1."),
            "da": Text(title: "", detail: "page er et sidenummer fra 1."),
            "de": Text(title: "", detail: "page ist eine Seitenzahl ab 1."),
        ],
        "invalid_viewer_event": [
            "en": Text(title: "", detail: "A viewer event has the type closed, page_viewed with a page (from 1) and its seconds, or hotspot_tapped with an offer_id."),
            "da": Text(title: "", detail: "En viser-hændelse har typen closed, page_viewed med en side (fra 1) og dens sekunder, eller hotspot_tapped med et offer_id."),
            "de": Text(title: "", detail: "Ein Viewer-Ereignis hat den Typ closed, page_viewed mit einer Seite (ab 1) und ihren Sekunden, oder hotspot_tapped mit einer offer_id."),
        ],
    ]
}
