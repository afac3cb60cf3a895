/// The texts of the hosted pages, in English, Danish and German. `{app}` is the app's name.
enum PageText {
    static let table: [String: [String: String]] = [
        "sign_in_title": ["en": "Sign in to {app}", "da": "Log ind på {app}", "de": "Bei {app} anmelden"],
        "consent_title": ["en": "Allow {app}?", "da": "Tillad {app}?", "de": "{app} erlauben?"],
        "wants": ["en": "{app} would like to:", "da": "{app} vil gerne:", "de": "{app} möchte:"],
        "email": ["en": "Email", "da": "E-mail", "de": "E-Mail"],
        "password": ["en": "Password", "da": "Adgangskode", "de": "Passwort"],
        "new_password": ["en": "Choose a password (at least 8 characters)", "da": "Vælg en adgangskode (mindst 8 tegn)",
                         "de": "Passwort wählen (mindestens 8 Zeichen)"],
        "sign_in": ["en": "Sign in", "da": "Log ind", "de": "Anmelden"],
        "register_title": ["en": "New here? Create an account", "da": "Ny her? Opret en konto", "de": "Neu hier? Konto erstellen"],
        "create_account": ["en": "Create account", "da": "Opret konto", "de": "Konto erstellen"],
        "cancel": ["en": "Cancel", "da": "Annuller", "de": "Abbrechen"],
        "allow": ["en": "Allow", "da": "Tillad", "de": "Erlauben"],
        "deny": ["en": "Deny", "da": "Afvis", "de": "Ablehnen"],
        "signed_in_as": ["en": "Signed in as {player}", "da": "Logget ind som {player}", "de": "Angemeldet als {player}"],
        "error_title": ["en": "Sign-in cannot continue", "da": "Login kan ikke fortsætte", "de": "Anmeldung nicht möglich"],
        "scope.profile": ["en": "See and change your profile", "da": "Se og ændre din profil", "de": "Ihr Profil sehen und ändern"],
        "scope.wallet": ["en": "Use your wallet", "da": "Bruge din tegnebog", "de": "Ihre Geldbörse verwenden"],
        "scope.play": ["en": "Start play sessions and place bets", "da": "Starte spil og placere indsatser",
                       "de": "Spielsitzungen starten und Wetten platzieren"],
        "scope.lists": ["en": "Read and change your shopping lists", "da": "Læse og ændre dine indkøbslister",
                        "de": "Ihre Einkaufslisten lesen und ändern"],
        "wrong_credentials": ["en": "Wrong email or password.", "da": "Forkert e-mail eller adgangskode.",
                              "de": "Falsche E-Mail oder falsches Passwort."],
        "too_many_attempts": ["en": "Too many failed attempts. Try again in {seconds} seconds.",
                              "da": "For mange mislykkede forsøg. Prøv igen om {seconds} sekunder.",
                              "de": "Zu viele Fehlversuche. Versuchen Sie es in {seconds} Sekunden erneut."],
        "email_invalid": ["en": "That is not an email address.", "da": "Det er ikke en e-mailadresse.",
                          "de": "Das ist keine E-Mail-Adresse."],
        "email_taken": ["en": "An account with that email already exists. Sign in instead.",
                        "da": "Der findes allerede en konto med den e-mail. Log ind i stedet.",
                        "de": "Ein Konto mit dieser E-Mail existiert bereits. Melden Sie sich stattdessen an."],
        "password_too_short": ["en": "The password must have at least 8 characters.", "da": "Adgangskoden skal have mindst 8 tegn.",
                               "de": "Das Passwort muss mindestens 8 Zeichen haben."],
        "password_too_long": ["en": "The password may have at most 72 bytes.", "da": "Adgangskoden må højst have 72 bytes.",
                              "de": "Das Passwort darf höchstens 72 Bytes haben."],
        "password_invalid": ["en": "The password contains a character that is not allowed.",
                             "da": "Adgangskoden indeholder et tegn, der ikke er tilladt.",
                             "de": "Das Passwort enthält ein unzulässiges Zeichen."],
        "authorize.invalid_request": ["en": "The sign-in link is malformed. Go back to the app and try again.",
                                      "da": "Login-linket er ugyldigt. Gå tilbage til appen, og prøv igen.",
                                      "de": "Der Anmeldelink ist fehlerhaft. Kehren Sie zur App zurück und versuchen Sie es erneut."],
        "authorize.unknown_client": ["en": "The app asking you to sign in is not registered here.",
                                     "da": "Appen, der beder dig logge ind, er ikke registreret her.",
                                     "de": "Die App, die Sie zur Anmeldung auffordert, ist hier nicht registriert."],
        "authorize.redirect_uri_mismatch": ["en": "The app's return address is not one it registered, so sign-in stops here.",
                                            "da": "Appens returadresse er ikke en, den har registreret, så login stopper her.",
                                            "de": "Die Rücksprungadresse der App ist nicht registriert, daher endet die Anmeldung hier."],
        "authorize.forged": ["en": "This form was not started in this browser. Go back to the app and start again.",
                             "da": "Formularen blev ikke startet i denne browser. Gå tilbage til appen, og start forfra.",
                             "de": "Dieses Formular wurde nicht in diesem Browser begonnen. Kehren Sie zur App zurück und beginnen Sie neu."],
        "authorize.expired": ["en": "This sign-in has expired or is already finished. Go back to the app and start again.",
                              "da": "Dette login er udløbet eller allerede afsluttet. Gå tilbage til appen, og start forfra.",
                              "de": "Diese Anmeldung ist abgelaufen oder bereits abgeschlossen. Kehren Sie zur App zurück und beginnen Sie neu."],
    ]

    /// Every text in `language` (English where a translation is missing), with `{app}` and the
    /// other placeholders filled in.
    static func texts(_ language: String, _ parameters: [String: String]) -> [String: String] {
        table.mapValues { entry in
            var text = entry[language] ?? entry["en"] ?? ""
            for (name, value) in parameters { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
            return text
        }
    }
}
