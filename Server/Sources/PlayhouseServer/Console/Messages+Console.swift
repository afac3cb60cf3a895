extension Messages {
    /// The console's and the admin API's problems.
    static let console: [String: [String: Text]] = [
        "operator_sign_in_required": [
            "en": Text(title: "Sign-in required", detail: "Sign in to the console as an operator first."),
            "da": Text(title: "Log ind påkrævet", detail: "Log først ind i konsollen som operatør."),
            "de": Text(title: "Anmeldung erforderlich", detail: "Melden Sie sich zuerst als Operator an der Konsole an."),
        ],
        "operator_sign_in_failed": [
            "en": Text(title: "Sign-in failed", detail: "The email or password is wrong."),
            "da": Text(title: "Log ind mislykkedes", detail: "E-mail eller adgangskode er forkert."),
            "de": Text(title: "Anmeldung fehlgeschlagen", detail: "E-Mail oder Passwort ist falsch."),
        ],
        "operator_locked": [
            "en": Text(title: "Sign-in locked", detail: "Too many failed sign-ins: try again in {minutes} minutes."),
            "da": Text(title: "Log ind spærret", detail: "For mange mislykkede forsøg: prøv igen om {minutes} minutter."),
            "de": Text(title: "Anmeldung gesperrt", detail: "Zu viele fehlgeschlagene Anmeldungen: versuchen Sie es in {minutes} Minuten erneut."),
        ],
        "second_factor_required": [
            "en": Text(title: "Code required", detail: "Enter the code your authenticator app shows."),
            "da": Text(title: "Kode påkrævet", detail: "Indtast koden, som din godkendelsesapp viser."),
            "de": Text(title: "Code erforderlich", detail: "Geben Sie den Code ein, den Ihre Authenticator-App anzeigt."),
        ],
        "second_factor_on": [
            "en": Text(title: "Second factor on", detail: "Your second factor is on already; an owner resets it from the command line."),
            "da": Text(title: "Anden faktor er slået til", detail: "Din anden faktor er allerede slået til; en ejer nulstiller den fra kommandolinjen."),
            "de": Text(title: "Zweiter Faktor aktiv", detail: "Ihr zweiter Faktor ist bereits aktiv; ein Eigentümer setzt ihn über die Kommandozeile zurück."),
        ],
        "invalid_second_factor_code": [
            "en": Text(title: "Wrong code", detail: "The code is wrong, too old, or was used already."),
            "da": Text(title: "Forkert kode", detail: "Koden er forkert, for gammel eller allerede brugt."),
            "de": Text(title: "Falscher Code", detail: "Der Code ist falsch, zu alt oder wurde schon verwendet."),
        ],
        "role_forbidden": [
            "en": Text(title: "Not allowed for your role", detail: "Your role may not {permission}."),
            "da": Text(title: "Ikke tilladt for din rolle", detail: "Din rolle må ikke {permission}."),
            "de": Text(title: "Für Ihre Rolle nicht erlaubt", detail: "Ihre Rolle darf nicht: {permission}."),
        ],
        "console_session_required": [
            "en": Text(title: "Console sign-in required", detail: "This is done signed in to the console, not with an API token."),
            "da": Text(title: "Log ind i konsollen påkrævet", detail: "Dette gøres logget ind i konsollen, ikke med en API-nøgle."),
            "de": Text(title: "Konsolen-Anmeldung erforderlich", detail: "Dies geschieht angemeldet in der Konsole, nicht mit einem API-Token."),
        ],
        "csrf_rejected": [
            "en": Text(title: "Request refused", detail: "The change did not carry this session's CSRF token."),
            "da": Text(title: "Forespørgsel afvist", detail: "Ændringen havde ikke sessionens CSRF-token med."),
            "de": Text(title: "Anfrage abgelehnt", detail: "Die Änderung trug nicht das CSRF-Token dieser Sitzung."),
        ],
        "operator_exists": [
            "en": Text(title: "Operator exists", detail: "There is an operator with this email already."),
            "da": Text(title: "Operatøren findes", detail: "Der findes allerede en operatør med denne e-mail."),
            "de": Text(title: "Operator existiert", detail: "Es gibt bereits einen Operator mit dieser E-Mail."),
        ],
        "operator_not_found": [
            "en": Text(title: "Operator not found", detail: "There is no operator with this id."),
            "da": Text(title: "Operatør ikke fundet", detail: "Der findes ingen operatør med dette id."),
            "de": Text(title: "Operator nicht gefunden", detail: "Es gibt keinen Operator mit dieser ID."),
        ],
        "invitation_not_found": [
            "en": Text(title: "Invitation not valid", detail: "The invitation was used, has expired or was withdrawn."),
            "da": Text(title: "Invitationen er ikke gyldig", detail: "Invitationen er brugt, udløbet eller trukket tilbage."),
            "de": Text(title: "Einladung ungültig", detail: "Die Einladung wurde verwendet, ist abgelaufen oder wurde zurückgezogen."),
        ],
        "cannot_disable_yourself": [
            "en": Text(title: "Cannot disable yourself", detail: "Another owner must disable your account."),
            "da": Text(title: "Du kan ikke deaktivere dig selv", detail: "En anden ejer skal deaktivere din konto."),
            "de": Text(title: "Selbst deaktivieren nicht möglich", detail: "Ein anderer Eigentümer muss Ihr Konto deaktivieren."),
        ],
    ]
}
