extension Messages {
    /// The games' problems.
    static let games: [String: [String: Text]] = [
        "game_not_found": [
            "en": Text(title: "Game not found", detail: "This app has no game {game}."),
            "da": Text(title: "Spil ikke fundet", detail: "Denne app har intet spil {game}."),
            "de": Text(title: "Spiel nicht gefunden", detail: "Diese App hat kein Spiel {game}."),
        ],
        "invalid_game_definition": [
            "en": Text(title: "Invalid game definition", detail: "The game definition is inconsistent: {problems}."),
            "da": Text(title: "Ugyldig spildefinition", detail: "Spildefinitionen hænger ikke sammen: {problems}."),
            "de": Text(title: "Ungültige Spieldefinition", detail: "Die Spieldefinition ist widersprüchlich: {problems}."),
        ],
        "game_closed": [
            "en": Text(title: "Game closed", detail: "The game {game} is closed and takes no bets now."),
            "da": Text(title: "Spillet er lukket", detail: "Spillet {game} er lukket og tager ikke imod indsatser nu."),
            "de": Text(title: "Spiel geschlossen", detail: "Das Spiel {game} ist geschlossen und nimmt jetzt keine Einsätze an."),
        ],
        "wager_out_of_range": [
            "en": Text(title: "Wager out of range", detail: "The wager must be from {min} to {max}."),
            "da": Text(title: "Indsats uden for grænserne", detail: "Indsatsen skal være fra {min} til {max}."),
            "de": Text(title: "Einsatz außerhalb der Grenzen", detail: "Der Einsatz muss zwischen {min} und {max} liegen."),
        ],
        "unknown_payline": [
            "en": Text(title: "Unknown payline", detail: "The game has no payline {payline}."),
            "da": Text(title: "Ukendt gevinstlinje", detail: "Spillet har ingen gevinstlinje {payline}."),
            "de": Text(title: "Unbekannte Gewinnlinie", detail: "Das Spiel hat keine Gewinnlinie {payline}."),
        ],
        "currency_not_allowed": [
            "en": Text(title: "Currency not allowed", detail: "The game {game} takes no bets in {currency}."),
            "da": Text(title: "Valuta ikke tilladt", detail: "Spillet {game} tager ikke imod indsatser i {currency}."),
            "de": Text(title: "Währung nicht erlaubt", detail: "Das Spiel {game} nimmt keine Einsätze in {currency} an."),
        ],
    ]
}
