extension Messages {
    /// The play sessions' and responsible play's problems.
    static let sessions: [String: [String: Text]] = sessionTexts.merging(limitTexts) { first, _ in first }

    private static let sessionTexts: [String: [String: Text]] = [
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
    /// The limits' problems. A money limit's detail names its period, so each period has its own text.
    private static let limitTexts: [String: [String: Text]] = {
        var texts: [String: [String: Text]] = [
            "session_time_limit_reached": [
                "en": Text(title: "Session time limit reached", detail: "This session has reached your session time limit of {minutes} minutes. Take a break and sign in again later."),
                "da": Text(title: "Sessionens tidsgrænse er nået", detail: "Sessionen har nået din tidsgrænse på {minutes} minutter. Hold en pause og log ind igen senere."),
                "de": Text(title: "Sitzungszeitlimit erreicht", detail: "Diese Sitzung hat Ihr Zeitlimit von {minutes} Minuten erreicht. Machen Sie eine Pause und melden Sie sich später wieder an."),
            ],
            "cooling_off": [
                "en": Text(title: "Taking a break", detail: "You chose a break from play until {until}: no deposits or bets until then."),
                "da": Text(title: "Du holder pause", detail: "Du har valgt en pause fra spil indtil {until}: ingen indbetalinger eller indsatser indtil da."),
                "de": Text(title: "Spielpause", detail: "Sie haben bis {until} eine Spielpause gewählt: bis dahin keine Einzahlungen oder Einsätze."),
            ],
            "self_excluded": [
                "en": Text(title: "Self-excluded", detail: "You excluded yourself from play until {until}: no deposits or bets until then."),
                "da": Text(title: "Selvudelukket", detail: "Du har udelukket dig selv fra spil indtil {until}: ingen indbetalinger eller indsatser indtil da."),
                "de": Text(title: "Selbstsperre", detail: "Sie haben sich bis {until} vom Spiel ausgeschlossen: bis dahin keine Einzahlungen oder Einsätze."),
            ],
            "limit_locked": [
                "en": Text(title: "Cannot be shortened", detail: "{limit} is in force and cannot be shortened or lifted early; it can only be extended."),
                "da": Text(title: "Kan ikke forkortes", detail: "{limit} gælder og kan ikke forkortes eller ophæves før tid; den kan kun forlænges."),
                "de": Text(title: "Kann nicht verkürzt werden", detail: "{limit} gilt und kann nicht verkürzt oder vorzeitig aufgehoben werden, nur verlängert."),
            ],
            "profile_incomplete": [
                "en": Text(title: "Profile incomplete", detail: "Add your birth date to your profile: this app is for players aged {age} or over."),
                "da": Text(title: "Profilen er ufuldstændig", detail: "Tilføj din fødselsdato til din profil: denne app er for spillere på {age} år eller derover."),
                "de": Text(title: "Profil unvollständig", detail: "Ergänzen Sie Ihr Geburtsdatum im Profil: Diese App ist für Spieler ab {age} Jahren."),
            ],
            "under_minimum_age": [
                "en": Text(title: "Under age", detail: "This app is for players aged {age} or over."),
                "da": Text(title: "For ung", detail: "Denne app er for spillere på {age} år eller derover."),
                "de": Text(title: "Zu jung", detail: "Diese App ist für Spieler ab {age} Jahren."),
            ],
            "deposit_limit_exceeded": [
                "en": Text(title: "Deposit limit reached", detail: "This deposit would take you past your deposit limit."),
                "da": Text(title: "Indbetalingsgrænse nået", detail: "Indbetalingen ville overskride din indbetalingsgrænse."),
                "de": Text(title: "Einzahlungslimit erreicht", detail: "Diese Einzahlung würde Ihr Einzahlungslimit überschreiten."),
            ],
            "loss_limit_exceeded": [
                "en": Text(title: "Loss limit reached", detail: "This stake could take you past your loss limit."),
                "da": Text(title: "Tabsgrænse nået", detail: "Indsatsen kunne overskride din tabsgrænse."),
                "de": Text(title: "Verlustlimit erreicht", detail: "Dieser Einsatz könnte Ihr Verlustlimit überschreiten."),
            ],
            "loss_limit_reached": [
                "en": Text(title: "Loss limit used up", detail: "Your loss limit is used up."),
                "da": Text(title: "Tabsgrænsen er brugt", detail: "Din tabsgrænse er brugt op."),
                "de": Text(title: "Verlustlimit ausgeschöpft", detail: "Ihr Verlustlimit ist ausgeschöpft."),
            ],
            "field.out_of_range": [
                "en": Text(title: "", detail: "This value must be between {min} and {max}."),
                "da": Text(title: "", detail: "Værdien skal være mellem {min} og {max}."),
                "de": Text(title: "", detail: "Dieser Wert muss zwischen {min} und {max} liegen."),
            ],
        ]
        let periods: [String: [String: String]] = [
            "en": ["daily": "daily", "weekly": "weekly", "monthly": "monthly"],
            "da": ["daily": "daglige", "weekly": "ugentlige", "monthly": "månedlige"],
            "de": ["daily": "tägliches", "weekly": "wöchentliches", "monthly": "monatliches"],
        ]
        for period in ["daily", "weekly", "monthly"] {
            let en = periods["en"]![period]!, da = periods["da"]![period]!, de = periods["de"]![period]!
            texts["deposit_limit_exceeded." + period] = [
                "en": Text(title: "", detail: "This deposit would take you past your \(en) deposit limit of {amount} {currency}: {remaining} {currency} left."),
                "da": Text(title: "", detail: "Indbetalingen ville overskride din \(da) indbetalingsgrænse på {amount} {currency}: {remaining} {currency} tilbage."),
                "de": Text(title: "", detail: "Diese Einzahlung würde Ihr \(de) Einzahlungslimit von {amount} {currency} überschreiten: noch {remaining} {currency}."),
            ]
            texts["loss_limit_exceeded." + period] = [
                "en": Text(title: "", detail: "This stake could take you past your \(en) loss limit of {amount} {currency}: {remaining} {currency} left."),
                "da": Text(title: "", detail: "Indsatsen kunne overskride din \(da) tabsgrænse på {amount} {currency}: {remaining} {currency} tilbage."),
                "de": Text(title: "", detail: "Dieser Einsatz könnte Ihr \(de) Verlustlimit von {amount} {currency} überschreiten: noch {remaining} {currency}."),
            ]
            texts["loss_limit_reached." + period] = [
                "en": Text(title: "", detail: "Your \(en) loss limit of {amount} {currency} is used up."),
                "da": Text(title: "", detail: "Din \(da) tabsgrænse på {amount} {currency} er brugt op."),
                "de": Text(title: "", detail: "Ihr \(de) Verlustlimit von {amount} {currency} ist ausgeschöpft."),
            ]
        }
        return texts
    }()
}
