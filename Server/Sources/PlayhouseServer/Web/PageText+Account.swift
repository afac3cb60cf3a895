extension PageText {
    /// The texts of the hosted account page, where a guest links an email and password.
    static let account: [String: [String: String]] = [
        "link_email_title": ["en": "Save your progress", "da": "Gem dine fremskridt", "de": "Fortschritt sichern"],
        "link_email_intro": ["en": "Choose an email and a password to sign in with on any device. You keep everything you have.",
                             "da": "Vælg en e-mail og en adgangskode, så du kan logge ind på enhver enhed. Du beholder alt, hvad du har.",
                             "de": "Wählen Sie eine E-Mail und ein Passwort, um sich auf jedem Gerät anzumelden. Sie behalten alles, was Sie haben."],
        "save": ["en": "Save", "da": "Gem", "de": "Speichern"],
        "email_linked": ["en": "Saved. You can now sign in with {email}.", "da": "Gemt. Du kan nu logge ind med {email}.",
                         "de": "Gespeichert. Sie können sich jetzt mit {email} anmelden."],
        "email_already_linked": ["en": "You already sign in with an email and password.",
                                 "da": "Du logger allerede ind med en e-mail og adgangskode.",
                                 "de": "Sie melden sich bereits mit einer E-Mail und einem Passwort an."],
        "email_belongs_to_another": ["en": "Another account already uses that email.", "da": "En anden konto bruger allerede den e-mail.",
                                     "de": "Ein anderes Konto verwendet diese E-Mail bereits."],
    ]
}
