extension Messages {
    /// A deleted account's problems.
    static let identity: [String: [String: Text]] = [
        "reauthentication_required": [
            "en": Text(title: "Sign in again", detail: "This needs a sign-in from the last {minutes} minutes: sign in again, then try again."),
            "da": Text(title: "Log ind igen", detail: "Dette kræver et login fra de sidste {minutes} minutter: log ind igen, og prøv så igen."),
            "de": Text(title: "Erneut anmelden", detail: "Dafür ist eine Anmeldung aus den letzten {minutes} Minuten nötig: melden Sie sich erneut an und versuchen Sie es dann noch einmal."),
        ],
        "real_money_in_wallet": [
            "en": Text(title: "Money in the wallet", detail: "The wallet still holds {balances}: withdraw it first, then delete the account."),
            "da": Text(title: "Penge i tegnebogen", detail: "Tegnebogen indeholder stadig {balances}: hæv dem først, og slet så kontoen."),
            "de": Text(title: "Geld im Wallet", detail: "Im Wallet sind noch {balances}: zahlen Sie es zuerst aus und löschen Sie dann das Konto."),
        ],
        "payments_open": [
            "en": Text(title: "A payment is not finished", detail: "A deposit or withdrawal is still being processed: wait until it is finished, then delete the account."),
            "da": Text(title: "En betaling er ikke færdig", detail: "En indbetaling eller udbetaling behandles stadig: vent til den er færdig, og slet så kontoen."),
            "de": Text(title: "Eine Zahlung ist nicht abgeschlossen", detail: "Eine Ein- oder Auszahlung wird noch bearbeitet: warten Sie, bis sie abgeschlossen ist, und löschen Sie dann das Konto."),
        ],
    ]
}
