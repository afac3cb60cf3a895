extension PageText {
    /// The reality-check page's texts.
    static let realityCheck: [String: [String: String]] = [
        "reality_title": ["en": "Reality check", "da": "Realitetstjek", "de": "Realitätscheck"],
        "reality_played": ["en": "You have played for {minutes} minutes in this session.",
                           "da": "Du har spillet i {minutes} minutter i denne session.",
                           "de": "Sie spielen seit {minutes} Minuten in dieser Sitzung."],
        "reality_bets": ["en": "Bets placed: {bets}", "da": "Indsatser: {bets}", "de": "Platzierte Einsätze: {bets}"],
        "reality_net": ["en": "Net result", "da": "Nettoresultat", "de": "Nettoergebnis"],
        "reality_staked": ["en": "staked {wagered}, won {won}", "da": "satset {wagered}, vundet {won}", "de": "gesetzt {wagered}, gewonnen {won}"],
        "reality_no_money": ["en": "No money staked in this session.", "da": "Ingen penge satset i denne session.",
                             "de": "In dieser Sitzung wurde kein Geld gesetzt."],
        "reality_continue": ["en": "Continue playing", "da": "Fortsæt med at spille", "de": "Weiterspielen"],
        "reality_balance": ["en": "Check balance", "da": "Se saldo", "de": "Kontostand ansehen"],
        "reality_stop": ["en": "Stop playing", "da": "Stop med at spille", "de": "Aufhören"],
        "reality_stopped": ["en": "Your session has ended. Take care.", "da": "Din session er afsluttet. Pas på dig selv.",
                            "de": "Ihre Sitzung ist beendet. Passen Sie auf sich auf."],
        "back_to_check": ["en": "Back to the reality check", "da": "Tilbage til realitetstjekket", "de": "Zurück zum Realitätscheck"],
    ]
}
