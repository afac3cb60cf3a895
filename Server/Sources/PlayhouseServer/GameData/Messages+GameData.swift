extension Messages {
    /// The game data feature's problems.
    static let gameData: [String: [String: Text]] = [
        "invalid_game_data": [
            "en": Text(title: "Invalid game data", detail: "The game data cannot be imported: {problems}."),
            "da": Text(title: "Ugyldige spildata", detail: "Spildataene kan ikke importeres: {problems}."),
            "de": Text(title: "Ungültige Spieldaten", detail: "Die Spieldaten können nicht importiert werden: {problems}."),
        ],
        "unknown_game_data_field": [
            "en": Text(title: "", detail: "No document of {collection} has the field {field}."),
            "da": Text(title: "", detail: "Intet dokument i {collection} har feltet {field}."),
            "de": Text(title: "", detail: "Kein Dokument von {collection} hat das Feld {field}."),
        ],
    ]
}
