extension PageText {
    /// The hosted content page's own words (the unit's are the developer's).
    static let content: [String: [String: String]] = [
        "reward_unlocked": ["en": "Reward unlocked", "da": "Belønning låst op", "de": "Belohnung freigeschaltet"],
        "back_to_game": ["en": "Back to the game", "da": "Tilbage til spillet", "de": "Zurück zum Spiel"],
        "close": ["en": "Close", "da": "Luk", "de": "Schließen"],
    ]
}

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
