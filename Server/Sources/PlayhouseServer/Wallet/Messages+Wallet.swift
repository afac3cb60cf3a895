extension Messages {
    /// The wallet's problems and field messages.
    static let wallet: [String: [String: Text]] = [
        "invalid_amount": [
            "en": Text(title: "Invalid amount", detail: "The amount must be a positive decimal string, such as \"12.50\"."),
            "da": Text(title: "Ugyldigt beløb", detail: "Beløbet skal være en positiv decimalstreng, f.eks. \"12.50\"."),
            "de": Text(title: "Ungültiger Betrag", detail: "Der Betrag muss eine positive Dezimalzahl als Zeichenkette sein, z. B. \"12.50\"."),
        ],
        "unknown_currency": [
            "en": Text(title: "Unknown currency", detail: "This app has no currency {currency}."),
            "da": Text(title: "Ukendt valuta", detail: "Denne app har ingen valuta {currency}."),
            "de": Text(title: "Unbekannte Währung", detail: "Diese App hat keine Währung {currency}."),
        ],
        "economy_not_allowed": [
            "en": Text(title: "Economy not allowed", detail: "This app cannot move {currency} in the {economy} economy."),
            "da": Text(title: "Økonomi ikke tilladt", detail: "Denne app kan ikke flytte {currency} i {economy}-økonomien."),
            "de": Text(title: "Wirtschaft nicht erlaubt", detail: "Diese App kann {currency} nicht in der Wirtschaft {economy} bewegen."),
        ],
        "payments_real_money_only": [
            "en": Text(title: "", detail: "{currency} is not real money: only real-money currencies are deposited and withdrawn."),
            "da": Text(title: "", detail: "{currency} er ikke rigtige penge: kun rigtige valutaer kan indsættes og hæves."),
            "de": Text(title: "", detail: "{currency} ist kein echtes Geld: nur echte Währungen werden eingezahlt und ausgezahlt."),
        ],
        "insufficient_funds": [
            "en": Text(title: "Insufficient funds", detail: "The {economy} {currency} balance is too low for this."),
            "da": Text(title: "Utilstrækkelige midler", detail: "Saldoen i {currency} ({economy}) er for lav til dette."),
            "de": Text(title: "Unzureichendes Guthaben", detail: "Das Guthaben in {currency} ({economy}) reicht dafür nicht aus."),
        ],
        "idempotency_key_reused": [
            "en": Text(title: "Idempotency key reused", detail: "This Idempotency-Key was already used for a different request. Use a new key for a new request."),
            "da": Text(title: "Idempotensnøgle genbrugt", detail: "Denne Idempotency-Key er allerede brugt til en anden forespørgsel. Brug en ny nøgle til en ny forespørgsel."),
            "de": Text(title: "Idempotenzschlüssel wiederverwendet", detail: "Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet. Verwenden Sie für eine neue Anfrage einen neuen Schlüssel."),
        ],
        "invalid_idempotency_key": [
            "en": Text(title: "", detail: "The Idempotency-Key header must be 1 to 255 visible ASCII characters."),
            "da": Text(title: "", detail: "Idempotency-Key-headeren skal være 1 til 255 synlige ASCII-tegn."),
            "de": Text(title: "", detail: "Der Idempotency-Key-Header muss aus 1 bis 255 sichtbaren ASCII-Zeichen bestehen."),
        ],
        "unknown_payment_method": [
            "en": Text(title: "Unknown payment method", detail: "The payment provider does not know the method {method}."),
            "da": Text(title: "Ukendt betalingsmetode", detail: "Betalingsudbyderen kender ikke metoden {method}."),
            "de": Text(title: "Unbekannte Zahlungsart", detail: "Der Zahlungsanbieter kennt die Zahlungsart {method} nicht."),
        ],
        "real_money_unavailable": [
            "en": Text(title: "Real money unavailable", detail: "This server has no payment provider for real money; use the sandbox economy."),
            "da": Text(title: "Rigtige penge utilgængelige", detail: "Denne server har ingen betalingsudbyder til rigtige penge; brug sandkasse-økonomien."),
            "de": Text(title: "Echtgeld nicht verfügbar", detail: "Dieser Server hat keinen Zahlungsanbieter für Echtgeld; verwenden Sie die Sandbox-Wirtschaft."),
        ],
        "payment_provider_unavailable": [
            "en": Text(title: "Payment provider not answering",
                       detail: "The payment provider has not answered yet. Your payment is pending until it does; there is no need to make it again."),
            "da": Text(title: "Betalingsudbyderen svarer ikke",
                       detail: "Betalingsudbyderen har ikke svaret endnu. Din betaling afventer, indtil den gør; du behøver ikke at foretage den igen."),
            "de": Text(title: "Zahlungsanbieter antwortet nicht",
                       detail: "Der Zahlungsanbieter hat noch nicht geantwortet. Ihre Zahlung ist bis dahin ausstehend; Sie müssen sie nicht erneut ausführen."),
        ],
        "payment_not_pending": [
            "en": Text(title: "Not pending", detail: "This payment is {status}, so it can no longer be cancelled."),
            "da": Text(title: "Ikke afventende", detail: "Denne betaling er {status}, så den kan ikke længere annulleres."),
            "de": Text(title: "Nicht ausstehend", detail: "Diese Zahlung ist {status} und kann daher nicht mehr storniert werden."),
        ],
        "promotion_not_found": [
            "en": Text(title: "Promotion not found", detail: "There is no promotion with this code."),
            "da": Text(title: "Kampagne ikke fundet", detail: "Der findes ingen kampagne med denne kode."),
            "de": Text(title: "Aktion nicht gefunden", detail: "Es gibt keine Aktion mit diesem Code."),
        ],
        "promotion_not_active": [
            "en": Text(title: "Promotion not active", detail: "This promotion has expired or has not started yet."),
            "da": Text(title: "Kampagnen er ikke aktiv", detail: "Denne kampagne er udløbet eller er ikke begyndt endnu."),
            "de": Text(title: "Aktion nicht aktiv", detail: "Diese Aktion ist abgelaufen oder hat noch nicht begonnen."),
        ],
        "promotion_already_redeemed": [
            "en": Text(title: "Already redeemed", detail: "You have already redeemed this promotion."),
            "da": Text(title: "Allerede indløst", detail: "Du har allerede indløst denne kampagne."),
            "de": Text(title: "Bereits eingelöst", detail: "Sie haben diese Aktion bereits eingelöst."),
        ],
        "promotion_exhausted": [
            "en": Text(title: "Promotion used up", detail: "Every redemption of this promotion has been used."),
            "da": Text(title: "Kampagnen er opbrugt", detail: "Alle indløsninger af denne kampagne er brugt."),
            "de": Text(title: "Aktion ausgeschöpft", detail: "Alle Einlösungen dieser Aktion wurden verwendet."),
        ],
        "adjustment_not_reversible": [
            "en": Text(title: "Not reversible", detail: "This adjustment was reversed already, or is a reversal itself: make a new adjustment."),
            "da": Text(title: "Kan ikke tilbageføres", detail: "Denne regulering er allerede tilbageført eller er selv en tilbageførsel: lav en ny regulering."),
            "de": Text(title: "Nicht umkehrbar", detail: "Diese Korrektur wurde schon umgekehrt oder ist selbst eine Umkehrung: legen Sie eine neue Korrektur an."),
        ],
        "field.in_use": [
            "en": Text(title: "", detail: "This is in use and cannot be removed."),
            "da": Text(title: "", detail: "Dette er i brug og kan ikke fjernes."),
            "de": Text(title: "", detail: "Dies wird verwendet und kann nicht entfernt werden."),
        ],
        "field.not_positive": [
            "en": Text(title: "", detail: "The amount must be greater than zero."),
            "da": Text(title: "", detail: "Beløbet skal være større end nul."),
            "de": Text(title: "", detail: "Der Betrag muss größer als null sein."),
        ],
        "field.too_many_decimals": [
            "en": Text(title: "", detail: "This currency allows at most {max} decimals."),
            "da": Text(title: "", detail: "Denne valuta tillader højst {max} decimaler."),
            "de": Text(title: "", detail: "Diese Währung erlaubt höchstens {max} Nachkommastellen."),
        ],
        "field.too_large": [
            "en": Text(title: "", detail: "The amount is larger than one movement may carry."),
            "da": Text(title: "", detail: "Beløbet er større end én bevægelse må være."),
            "de": Text(title: "", detail: "Der Betrag ist größer, als eine Buchung sein darf."),
        ],
        "field.not_a_decimal": [
            "en": Text(title: "", detail: "Write the amount as a decimal string with a dot, such as \"12.50\"."),
            "da": Text(title: "", detail: "Skriv beløbet som en decimalstreng med punktum, f.eks. \"12.50\"."),
            "de": Text(title: "", detail: "Schreiben Sie den Betrag als Dezimalzahl mit Punkt, z. B. \"12.50\"."),
        ],
    ]
}
