extension Messages {
    /// The game data feature's problems.
    static let gameData: [String: [String: Text]] = [
        "invalid_game_data": [
            "en": Text(title: "Invalid game data", detail: "The game data cannot be imported: {problems}."),
            "da": Text(title: "Ugyldige spildata", detail: "Spildataene kan ikke importeres: {problems}."),
            "de": Text(title: "Ungültige Spieldaten", detail: "Die Spieldaten können nicht importiert werden: {problems}."),
        ],
        "invalid_region": [
            "en": Text(title: "", detail: "region is required: 1 to 32 lowercase letters, digits, - and _, such as us or eu."),
            "da": Text(title: "", detail: "region er påkrævet: 1 til 32 små bogstaver, cifre, - og _, som us eller eu."),
            "de": Text(title: "", detail: "region ist erforderlich: 1 bis 32 Kleinbuchstaben, Ziffern, - und _, etwa us oder eu."),
        ],
        "invalid_namespace": [
            "en": Text(title: "", detail: "namespace is static or dynamic."),
            "da": Text(title: "", detail: "namespace er static eller dynamic."),
            "de": Text(title: "", detail: "namespace ist static oder dynamic."),
        ],
        "invalid_locale": [
            "en": Text(title: "", detail: "locale is a locale such as en_US, or multi for every locale."),
            "da": Text(title: "", detail: "locale er en lokalitet som en_US, eller multi for dem alle."),
            "de": Text(title: "", detail: "locale ist ein Gebietsschema wie en_US, oder multi für alle."),
        ],
    ]
}
