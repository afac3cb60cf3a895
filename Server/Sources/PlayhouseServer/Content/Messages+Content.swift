extension Messages {
    /// The content feature's problems.
    static let content: [String: [String: Text]] = [
        "invalid_content": [
            "en": Text(title: "Invalid content", detail: "The content file cannot be imported: {problems}."),
            "da": Text(title: "Ugyldigt indhold", detail: "Indholdsfilen kan ikke importeres: {problems}."),
            "de": Text(title: "Ungültiger Inhalt", detail: "Die Inhaltsdatei kann nicht importiert werden: {problems}."),
        ],
        "unknown_impression": [
            "en": Text(title: "Unknown impression", detail: "The impression is not one this server showed you, or it is over a day old."),
            "da": Text(title: "Ukendt visning", detail: "Visningen er ikke en, serveren har vist dig, eller den er over et døgn gammel."),
            "de": Text(title: "Unbekannte Einblendung", detail: "Die Einblendung stammt nicht von diesem Server für Sie oder ist älter als einen Tag."),
        ],
        "not_a_reward": [
            "en": Text(title: "Not a reward", detail: "This content grants no reward."),
            "da": Text(title: "Ikke en belønning", detail: "Dette indhold giver ingen belønning."),
            "de": Text(title: "Keine Belohnung", detail: "Dieser Inhalt gewährt keine Belohnung."),
        ],
        "content_cap_reached": [
            "en": Text(title: "Already taken", detail: "This reward has been taken as often as it may be."),
            "da": Text(title: "Allerede hentet", detail: "Denne belønning er hentet så mange gange, som den må."),
            "de": Text(title: "Bereits abgeholt", detail: "Diese Belohnung wurde so oft abgeholt, wie es erlaubt ist."),
        ],
        "receipt_not_found": [
            "en": Text(title: "Receipt not found", detail: "You have no reward receipt with this id."),
            "da": Text(title: "Kvittering ikke fundet", detail: "Du har ingen belønningskvittering med dette id."),
            "de": Text(title: "Beleg nicht gefunden", detail: "Sie haben keinen Belohnungsbeleg mit dieser ID."),
        ],
    ]
}
