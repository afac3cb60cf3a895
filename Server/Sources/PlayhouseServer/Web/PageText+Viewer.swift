extension PageText {
    /// The catalog viewer's own words.
    static let viewer: [String: [String: String]] = [
        "viewer_title": ["en": "Catalog", "da": "Katalog", "de": "Katalog"],
        "viewer_gone": ["en": "This catalog link has been used or has expired. Open the catalog again from the app.",
                        "da": "Dette kataloglink er brugt eller udløbet. Åbn kataloget igen fra appen.",
                        "de": "Dieser Kataloglink wurde schon benutzt oder ist abgelaufen. Öffnen Sie den Katalog erneut in der App."],
        "viewer_thumbnails": ["en": "Pages", "da": "Sider", "de": "Seiten"],
        "viewer_previous": ["en": "Previous page", "da": "Forrige side", "de": "Vorherige Seite"],
        "viewer_next": ["en": "Next page", "da": "Næste side", "de": "Nächste Seite"],
    ]
}
