extension Messages {
    /// The play sessions' problems.
    static let sessions: [String: [String: Text]] = [
        "session_not_found": [
            "en": Text(title: "No play session", detail: "This token carries no play session."),
            "da": Text(title: "Ingen spillesession", detail: "Dette token har ingen spillesession."),
            "de": Text(title: "Keine Spielsitzung", detail: "Dieses Token hat keine Spielsitzung."),
        ],
        "session_expired": [
            "en": Text(title: "Session expired", detail: "The play session has ended or expired. Sign in again to play."),
            "da": Text(title: "Sessionen er udløbet", detail: "Spillesessionen er afsluttet eller udløbet. Log ind igen for at spille."),
            "de": Text(title: "Sitzung abgelaufen", detail: "Die Spielsitzung ist beendet oder abgelaufen. Melden Sie sich erneut an, um zu spielen."),
        ],
        "reality_check_due": [
            "en": Text(title: "Reality check due", detail: "A reality check is due: show it to the player, who must acknowledge it before betting again."),
            "da": Text(title: "Realitetstjek", detail: "Et realitetstjek skal vises: spilleren skal bekræfte det, før der kan satses igen."),
            "de": Text(title: "Realitätscheck fällig", detail: "Ein Realitätscheck ist fällig: Der Spieler muss ihn bestätigen, bevor er wieder setzen kann."),
        ],
    ]
}
