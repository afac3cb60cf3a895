/// The localised texts of every problem the server sends, in English, Danish and German.
///
/// Each entry is keyed by an error code (its title and default detail) or by a message key used as
/// a problem's `message`. Details may carry `{name}` placeholders filled from the problem's parameters.
enum Messages {
    struct Text {
        var title: String
        var detail: String
    }

    static let languages = ["en", "da", "de"]

    /// Each feature's texts (`Messages+<Feature>.swift`), and the shared ones.
    static let parts = [core, identity, wallet, games, batch, sessions, content, catalog, lists, gameData, console]

    /// code or message key → language → text
    static let table = parts.reduce(into: [String: [String: Text]]()) { table, part in table.merge(part) { first, _ in first } }

    /// Keys that more than one part defines (the test suite wants none: one of them would be lost).
    static var keysDefinedTwice: [String] {
        Dictionary(grouping: parts.flatMap(\.keys)) { $0 }.filter { $1.count > 1 }.keys.sorted()
    }

    private static let core: [String: [String: Text]] = [
        "invalid_request": [
            "en": Text(title: "Invalid request", detail: "The request is not valid."),
            "da": Text(title: "Ugyldig forespørgsel", detail: "Forespørgslen er ikke gyldig."),
            "de": Text(title: "Ungültige Anfrage", detail: "Die Anfrage ist nicht gültig."),
        ],
        "invalid_cursor": [
            "en": Text(title: "", detail: "The cursor is not one this list gave out."),
            "da": Text(title: "", detail: "Markøren er ikke en, som denne liste har udleveret."),
            "de": Text(title: "", detail: "Der Cursor stammt nicht aus dieser Liste."),
        ],
        "invalid_limit": [
            "en": Text(title: "", detail: "limit must be a number from 1 to 100."),
            "da": Text(title: "", detail: "limit skal være et tal fra 1 til 100."),
            "de": Text(title: "", detail: "limit muss eine Zahl von 1 bis 100 sein."),
        ],
        "invalid_query": [
            "en": Text(title: "", detail: "The query parameter {parameter} is not valid."),
            "da": Text(title: "", detail: "Forespørgselsparameteren {parameter} er ikke gyldig."),
            "de": Text(title: "", detail: "Der Abfrageparameter {parameter} ist nicht gültig."),
        ],
        "malformed_json": [
            "en": Text(title: "Malformed JSON", detail: "The request body is not valid JSON."),
            "da": Text(title: "Ugyldig JSON", detail: "Forespørgslens indhold er ikke gyldig JSON."),
            "de": Text(title: "Fehlerhaftes JSON", detail: "Der Anfragetext ist kein gültiges JSON."),
        ],
        "validation_failed": [
            "en": Text(title: "Validation failed", detail: "One or more fields are invalid."),
            "da": Text(title: "Validering mislykkedes", detail: "Et eller flere felter er ugyldige."),
            "de": Text(title: "Validierung fehlgeschlagen", detail: "Ein oder mehrere Felder sind ungültig."),
        ],
        "unsupported_media_type": [
            "en": Text(title: "Unsupported media type", detail: "This endpoint accepts {expected}, not {actual}."),
            "da": Text(title: "Medietype understøttes ikke", detail: "Dette endpoint accepterer {expected}, ikke {actual}."),
            "de": Text(title: "Nicht unterstützter Medientyp", detail: "Dieser Endpunkt akzeptiert {expected}, nicht {actual}."),
        ],
        "payload_too_large": [
            "en": Text(title: "Payload too large", detail: "The request body is larger than the limit of {limit} bytes."),
            "da": Text(title: "For stor forespørgsel", detail: "Forespørgslens indhold er større end grænsen på {limit} bytes."),
            "de": Text(title: "Anfrage zu groß", detail: "Der Anfragetext überschreitet die Grenze von {limit} Bytes."),
        ],
        "not_found": [
            "en": Text(title: "Not found", detail: "There is nothing at {path}."),
            "da": Text(title: "Ikke fundet", detail: "Der findes intet på {path}."),
            "de": Text(title: "Nicht gefunden", detail: "Unter {path} gibt es nichts."),
        ],
        "method_not_allowed": [
            "en": Text(title: "Method not allowed", detail: "{path} does not accept {method}; it accepts {allowed}."),
            "da": Text(title: "Metoden er ikke tilladt", detail: "{path} accepterer ikke {method}, kun {allowed}."),
            "de": Text(title: "Methode nicht erlaubt", detail: "{path} akzeptiert {method} nicht, nur {allowed}."),
        ],
        "rate_limited": [
            "en": Text(title: "Too many requests", detail: "Too many failed attempts. Try again in {seconds} seconds."),
            "da": Text(title: "For mange forespørgsler", detail: "For mange mislykkede forsøg. Prøv igen om {seconds} sekunder."),
            "de": Text(title: "Zu viele Anfragen", detail: "Zu viele fehlgeschlagene Versuche. Versuchen Sie es in {seconds} Sekunden erneut."),
        ],
        "call_limited": [
            "en": Text(title: "Too many requests", detail: "The app has made its {limit} calls this {span}. Try again in {seconds} seconds."),
            "da": Text(title: "For mange forespørgsler", detail: "Appen har brugt sine {limit} kald i dette tidsrum ({span}). Prøv igen om {seconds} sekunder."),
            "de": Text(title: "Zu viele Anfragen", detail: "Die App hat ihre {limit} Aufrufe in diesem Zeitraum ({span}) gemacht. Versuchen Sie es in {seconds} Sekunden erneut."),
        ],
        "unauthorized": [
            "en": Text(title: "Authentication required", detail: "Send an access token in the Authorization header: Bearer <token>."),
            "da": Text(title: "Godkendelse påkrævet", detail: "Send et adgangstoken i Authorization-headeren: Bearer <token>."),
            "de": Text(title: "Authentifizierung erforderlich", detail: "Senden Sie ein Zugriffstoken im Authorization-Header: Bearer <token>."),
        ],
        "invalid_token": [
            "en": Text(title: "Invalid access token", detail: "The access token is unknown, expired or revoked."),
            "da": Text(title: "Ugyldigt adgangstoken", detail: "Adgangstokenet er ukendt, udløbet eller tilbagekaldt."),
            "de": Text(title: "Ungültiges Zugriffstoken", detail: "Das Zugriffstoken ist unbekannt, abgelaufen oder widerrufen."),
        ],
        "insufficient_scope": [
            "en": Text(title: "Insufficient scope", detail: "This call needs the {scope} scope."),
            "da": Text(title: "Utilstrækkeligt scope", detail: "Dette kald kræver scopet {scope}."),
            "de": Text(title: "Unzureichender Scope", detail: "Dieser Aufruf erfordert den Scope {scope}."),
        ],
        "invalid_client": [
            "en": Text(title: "Client authentication failed", detail: "The client id or client secret is wrong."),
            "da": Text(title: "Klientgodkendelse mislykkedes", detail: "Klient-id eller klienthemmelighed er forkert."),
            "de": Text(title: "Client-Authentifizierung fehlgeschlagen", detail: "Client-ID oder Client-Geheimnis ist falsch."),
        ],
        "unauthorized_client": [
            "en": Text(title: "Client not allowed", detail: "A public client (no secret) cannot use this grant; it signs players in only."),
            "da": Text(title: "Klienten er ikke tilladt", detail: "En offentlig klient (uden hemmelighed) kan ikke bruge denne tildeling; den logger kun spillere ind."),
            "de": Text(title: "Client nicht erlaubt", detail: "Ein öffentlicher Client (ohne Geheimnis) kann diesen Grant nicht nutzen; er meldet nur Spieler an."),
        ],
        "invalid_grant": [
            "en": Text(title: "Invalid grant", detail: "The grant is invalid, expired or revoked."),
            "da": Text(title: "Ugyldig tildeling", detail: "Tildelingen er ugyldig, udløbet eller tilbagekaldt."),
            "de": Text(title: "Ungültige Berechtigung", detail: "Die Berechtigung ist ungültig, abgelaufen oder widerrufen."),
        ],
        "invalid_scope": [
            "en": Text(title: "Invalid scope", detail: "The app may not request {scope}. Allowed: {allowed}."),
            "da": Text(title: "Ugyldigt scope", detail: "Appen må ikke anmode om {scope}. Tilladt: {allowed}."),
            "de": Text(title: "Ungültiger Scope", detail: "Die App darf {scope} nicht anfordern. Erlaubt: {allowed}."),
        ],
        "unsupported_grant_type": [
            "en": Text(title: "Unsupported grant type", detail: "The grant type {grant_type} is not supported."),
            "da": Text(title: "Tildelingstypen understøttes ikke", detail: "Tildelingstypen {grant_type} understøttes ikke."),
            "de": Text(title: "Nicht unterstützter Grant-Typ", detail: "Der Grant-Typ {grant_type} wird nicht unterstützt."),
        ],
        "app_token_required": [
            "en": Text(title: "App token required", detail: "This call is the developer's; use an app token from the client credentials grant."),
            "da": Text(title: "App-token påkrævet", detail: "Dette kald er udviklerens; brug et app-token fra client credentials-flowet."),
            "de": Text(title: "App-Token erforderlich", detail: "Dieser Aufruf ist dem Entwickler vorbehalten; verwenden Sie ein App-Token aus dem Client-Credentials-Ablauf."),
        ],
        "player_token_required": [
            "en": Text(title: "Player token required", detail: "This call acts for a player; sign a player in and use their access token."),
            "da": Text(title: "Spillertoken påkrævet", detail: "Dette kald handler for en spiller; log en spiller ind, og brug deres adgangstoken."),
            "de": Text(title: "Spieler-Token erforderlich", detail: "Dieser Aufruf handelt für einen Spieler; melden Sie einen Spieler an und verwenden Sie dessen Zugriffstoken."),
        ],
        "email_taken": [
            "en": Text(title: "Email already in use", detail: "Another player of this app already uses that email."),
            "da": Text(title: "E-mail allerede i brug", detail: "En anden spiller i denne app bruger allerede den e-mail."),
            "de": Text(title: "E-Mail bereits verwendet", detail: "Ein anderer Spieler dieser App verwendet diese E-Mail bereits."),
        ],
        "identity_taken": [
            "en": Text(title: "Belongs to another player", detail: "Another player of this app already signs in with it; the player stays as they were."),
            "da": Text(title: "Tilhører en anden spiller", detail: "En anden spiller i denne app logger allerede ind med den; spilleren forbliver uændret."),
            "de": Text(title: "Gehört einem anderen Spieler", detail: "Ein anderer Spieler dieser App meldet sich bereits damit an; der Spieler bleibt unverändert."),
        ],
        "already_linked": [
            "en": Text(title: "Already linked", detail: "This player signs in with one already."),
            "da": Text(title: "Allerede tilknyttet", detail: "Denne spiller logger allerede ind med en."),
            "de": Text(title: "Bereits verknüpft", detail: "Dieser Spieler meldet sich bereits mit einer an."),
        ],
        "sms_failed": [
            "en": Text(title: "Text message not sent", detail: "The PIN could not be texted right now. Try again in a moment."),
            "da": Text(title: "SMS ikke sendt", detail: "PIN-koden kunne ikke sendes lige nu. Prøv igen om lidt."),
            "de": Text(title: "SMS nicht gesendet", detail: "Die PIN konnte gerade nicht gesendet werden. Versuchen Sie es gleich noch einmal."),
        ],
        "authorization_pending": [
            "en": Text(title: "Authorization pending", detail: "The player has not finished on the verification page yet. Poll again after the interval."),
            "da": Text(title: "Godkendelse afventer", detail: "Spilleren er ikke færdig på bekræftelsessiden endnu. Spørg igen efter intervallet."),
            "de": Text(title: "Autorisierung ausstehend", detail: "Der Spieler ist auf der Bestätigungsseite noch nicht fertig. Fragen Sie nach dem Intervall erneut."),
        ],
        "slow_down": [
            "en": Text(title: "Slow down", detail: "Polling too fast; wait {interval} seconds between polls."),
            "da": Text(title: "Sæt farten ned", detail: "Der spørges for ofte; vent {interval} sekunder mellem hver gang."),
            "de": Text(title: "Langsamer", detail: "Zu häufige Abfragen; warten Sie {interval} Sekunden zwischen den Abfragen."),
        ],
        "expired_token": [
            "en": Text(title: "Device code expired", detail: "The device code has expired or was already used. Start again."),
            "da": Text(title: "Enhedskoden er udløbet", detail: "Enhedskoden er udløbet eller allerede brugt. Start forfra."),
            "de": Text(title: "Gerätecode abgelaufen", detail: "Der Gerätecode ist abgelaufen oder wurde bereits verwendet. Beginnen Sie neu."),
        ],
        "access_denied": [
            "en": Text(title: "Access denied", detail: "The player declined."),
            "da": Text(title: "Adgang nægtet", detail: "Spilleren afviste."),
            "de": Text(title: "Zugriff verweigert", detail: "Der Spieler hat abgelehnt."),
        ],
        "internal_error": [
            "en": Text(title: "Internal error", detail: "Something went wrong on the server. Quote the request id if you contact support."),
            "da": Text(title: "Intern fejl", detail: "Noget gik galt på serveren. Oplys forespørgsels-id'et, hvis du kontakter support."),
            "de": Text(title: "Interner Fehler", detail: "Auf dem Server ist ein Fehler aufgetreten. Nennen Sie die Anfrage-ID, wenn Sie den Support kontaktieren."),
        ],
        "service_unavailable": [
            "en": Text(title: "Service unavailable", detail: "The server cannot reach its database right now."),
            "da": Text(title: "Tjenesten er utilgængelig", detail: "Serveren kan ikke nå sin database lige nu."),
            "de": Text(title: "Dienst nicht verfügbar", detail: "Der Server kann seine Datenbank gerade nicht erreichen."),
        ],
        // Message keys (details more specific than a code's default)
        "missing_parameter": [
            "en": Text(title: "", detail: "The parameter {name} is required."),
            "da": Text(title: "", detail: "Parameteren {name} er påkrævet."),
            "de": Text(title: "", detail: "Der Parameter {name} ist erforderlich."),
        ],
        "repeated_parameter": [
            "en": Text(title: "", detail: "The parameter {name} was sent more than once."),
            "da": Text(title: "", detail: "Parameteren {name} blev sendt mere end én gang."),
            "de": Text(title: "", detail: "Der Parameter {name} wurde mehr als einmal gesendet."),
        ],
        "token_in_query": [
            "en": Text(title: "", detail: "Tokens are not accepted in the query string; send them in the Authorization header."),
            "da": Text(title: "", detail: "Tokens accepteres ikke i forespørgselsstrengen; send dem i Authorization-headeren."),
            "de": Text(title: "", detail: "Tokens werden nicht im Query-String akzeptiert; senden Sie sie im Authorization-Header."),
        ],
        "malformed_authorization": [
            "en": Text(title: "", detail: "The Authorization header is malformed."),
            "da": Text(title: "", detail: "Authorization-headeren er ugyldig."),
            "de": Text(title: "", detail: "Der Authorization-Header ist fehlerhaft."),
        ],
        "multiple_client_authentication": [
            "en": Text(title: "", detail: "Authenticate the client by one method only: HTTP Basic or form fields."),
            "da": Text(title: "", detail: "Godkend klienten på én måde: HTTP Basic eller formularfelter."),
            "de": Text(title: "", detail: "Authentifizieren Sie den Client nur auf eine Weise: HTTP Basic oder Formularfelder."),
        ],
        "malformed_body": [
            "en": Text(title: "", detail: "The request body could not be read: {reason}."),
            "da": Text(title: "", detail: "Forespørgslens indhold kunne ikke læses: {reason}."),
            "de": Text(title: "", detail: "Der Anfragetext konnte nicht gelesen werden: {reason}."),
        ],
        "invalid_parameter": [
            "en": Text(title: "", detail: "The parameter {name} has a value that is not allowed."),
            "da": Text(title: "", detail: "Parameteren {name} har en værdi, der ikke er tilladt."),
            "de": Text(title: "", detail: "Der Parameter {name} hat einen unzulässigen Wert."),
        ],
        "code_invalid": [
            "en": Text(title: "", detail: "The authorization code is unknown, expired, or was issued to another app."),
            "da": Text(title: "", detail: "Autorisationskoden er ukendt, udløbet eller udstedt til en anden app."),
            "de": Text(title: "", detail: "Der Autorisierungscode ist unbekannt, abgelaufen oder wurde einer anderen App ausgestellt."),
        ],
        "code_reused": [
            "en": Text(title: "", detail: "The authorization code was already used; the tokens issued for it are now revoked."),
            "da": Text(title: "", detail: "Autorisationskoden er allerede brugt; de tokens, der blev udstedt for den, er nu tilbagekaldt."),
            "de": Text(title: "", detail: "Der Autorisierungscode wurde bereits verwendet; die dafür ausgestellten Tokens sind jetzt widerrufen."),
        ],
        "redirect_uri_mismatch": [
            "en": Text(title: "", detail: "The redirect_uri does not match the one the code was issued for."),
            "da": Text(title: "", detail: "redirect_uri svarer ikke til den, koden blev udstedt til."),
            "de": Text(title: "", detail: "Die redirect_uri stimmt nicht mit der überein, für die der Code ausgestellt wurde."),
        ],
        "code_verifier_mismatch": [
            "en": Text(title: "", detail: "The code_verifier does not match the code_challenge (PKCE, S256)."),
            "da": Text(title: "", detail: "code_verifier passer ikke til code_challenge (PKCE, S256)."),
            "de": Text(title: "", detail: "Der code_verifier passt nicht zur code_challenge (PKCE, S256)."),
        ],
        "refresh_token_invalid": [
            "en": Text(title: "", detail: "The refresh token is unknown, expired, or was issued to another app."),
            "da": Text(title: "", detail: "Opdateringstokenet er ukendt, udløbet eller udstedt til en anden app."),
            "de": Text(title: "", detail: "Das Aktualisierungstoken ist unbekannt, abgelaufen oder wurde einer anderen App ausgestellt."),
        ],
        "refresh_token_reused": [
            "en": Text(title: "", detail: "The refresh token was already used. Every token of this sign-in is now revoked; sign in again."),
            "da": Text(title: "", detail: "Opdateringstokenet er allerede brugt. Alle tokens fra dette login er nu tilbagekaldt; log ind igen."),
            "de": Text(title: "", detail: "Das Aktualisierungstoken wurde bereits verwendet. Alle Tokens dieser Anmeldung sind widerrufen; melden Sie sich erneut an."),
        ],
        "pin_send_limited": [
            "en": Text(title: "", detail: "Too many PINs were sent to this number. Try again in {seconds} seconds."),
            "da": Text(title: "", detail: "Der er sendt for mange PIN-koder til dette nummer. Prøv igen om {seconds} sekunder."),
            "de": Text(title: "", detail: "An diese Nummer wurden zu viele PINs gesendet. Versuchen Sie es in {seconds} Sekunden erneut."),
        ],
        "pin_invalid": [
            "en": Text(title: "", detail: "The PIN is wrong or has expired. Request a new one if it keeps failing."),
            "da": Text(title: "", detail: "PIN-koden er forkert eller udløbet. Bed om en ny, hvis det bliver ved med at fejle."),
            "de": Text(title: "", detail: "Die PIN ist falsch oder abgelaufen. Fordern Sie eine neue an, wenn es weiter fehlschlägt."),
        ],
        "pin_attempts_exceeded": [
            "en": Text(title: "", detail: "Too many wrong PINs. Request a new PIN."),
            "da": Text(title: "", detail: "For mange forkerte PIN-koder. Bed om en ny PIN-kode."),
            "de": Text(title: "", detail: "Zu viele falsche PINs. Fordern Sie eine neue PIN an."),
        ],
        "sms.pin": [
            "en": Text(title: "", detail: "Your {app} code is {pin}. It expires in {minutes} minutes."),
            "da": Text(title: "", detail: "Din {app}-kode er {pin}. Den udløber om {minutes} minutter."),
            "de": Text(title: "", detail: "Ihr {app}-Code lautet {pin}. Er läuft in {minutes} Minuten ab."),
        ],
        "unknown_provider": [
            "en": Text(title: "", detail: "The app has no sign-in provider named {name}."),
            "da": Text(title: "", detail: "Appen har ingen login-udbyder ved navn {name}."),
            "de": Text(title: "", detail: "Die App hat keinen Anmeldeanbieter namens {name}."),
        ],
        "federated_token_invalid": [
            "en": Text(title: "", detail: "The provider's token is invalid, expired, or was issued for another app."),
            "da": Text(title: "", detail: "Udbyderens token er ugyldigt, udløbet eller udstedt til en anden app."),
            "de": Text(title: "", detail: "Das Token des Anbieters ist ungültig, abgelaufen oder wurde für eine andere App ausgestellt."),
        ],
        // Field error messages
        "field.required": [
            "en": Text(title: "", detail: "This field is required."),
            "da": Text(title: "", detail: "Feltet er påkrævet."),
            "de": Text(title: "", detail: "Dieses Feld ist erforderlich."),
        ],
        "field.invalid_type": [
            "en": Text(title: "", detail: "This field has the wrong type; expected {expected}."),
            "da": Text(title: "", detail: "Feltet har den forkerte type; forventet {expected}."),
            "de": Text(title: "", detail: "Dieses Feld hat den falschen Typ; erwartet {expected}."),
        ],
        "field.invalid_value": [
            "en": Text(title: "", detail: "This value is not allowed."),
            "da": Text(title: "", detail: "Værdien er ikke tilladt."),
            "de": Text(title: "", detail: "Dieser Wert ist nicht erlaubt."),
        ],
        "field.taken": [
            "en": Text(title: "", detail: "This value is already taken."),
            "da": Text(title: "", detail: "Værdien er allerede taget."),
            "de": Text(title: "", detail: "Dieser Wert ist bereits vergeben."),
        ],
        "field.too_short": [
            "en": Text(title: "", detail: "This value is shorter than {min} characters."),
            "da": Text(title: "", detail: "Værdien er kortere end {min} tegn."),
            "de": Text(title: "", detail: "Dieser Wert ist kürzer als {min} Zeichen."),
        ],
        "field.too_long": [
            "en": Text(title: "", detail: "This value is longer than {max} characters."),
            "da": Text(title: "", detail: "Værdien er længere end {max} tegn."),
            "de": Text(title: "", detail: "Dieser Wert ist länger als {max} Zeichen."),
        ],
    ]
}
