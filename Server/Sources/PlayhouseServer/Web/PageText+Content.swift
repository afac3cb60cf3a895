extension PageText {
    /// The hosted content page's own words (the unit's are the developer's).
    static let content: [String: [String: String]] = [
        "reward_unlocked": ["en": "Reward unlocked", "da": "Belønning låst op", "de": "Belohnung freigeschaltet"],
        "back_to_game": ["en": "Back to the game", "da": "Tilbage til spillet", "de": "Zurück zum Spiel"],
        "close": ["en": "Close", "da": "Luk", "de": "Schließen"],
    ]
}
