extension Messages {
    /// The game data feature's problems.
    static let gameData: [String: [String: Text]] = [
        "invalid_game_data": [
            "en": Text(title: "Invalid game data", detail: "The game data cannot be imported: {problems}."),
            "da": Text(title: "Ugyldige spildata", detail: "Spildataene kan ikke importeres: {problems}."),
            "de": Text(title: "Ungültige Spieldaten", detail: "Die Spieldaten können nicht importiert werden: {problems}."),
        ],
        "invalid_profile_document": [
            "en": Text(title: "Invalid profile document", detail: "The profile document cannot be stored: {problems}."),
            "da": Text(title: "Ugyldigt profildokument", detail: "Profildokumentet kan ikke gemmes: {problems}."),
            "de": Text(title: "Ungültiges Profildokument", detail: "Das Profildokument kann nicht gespeichert werden: {problems}."),
        ],
        "unknown_game_data_field": [
            "en": Text(title: "", detail: "No document of {collection} has the field {field}."),
            "da": Text(title: "", detail: "Intet dokument i {collection} har feltet {field}."),
            "de": Text(title: "", detail: "Kein Dokument von {collection} hat das Feld {field}."),
        ],
    ]
}
