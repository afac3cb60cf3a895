/// Names and minor units of common ISO 4217 currencies, so an operator can add `EUR` without
/// looking them up. Others can be added with their minor units given explicitly.
enum ISO4217 {
    static let currencies: [String: (name: String, minorUnits: Int)] = [
        "AUD": ("Australian dollar", 2), "BHD": ("Bahraini dinar", 3), "BRL": ("Brazilian real", 2),
        "CAD": ("Canadian dollar", 2), "CHF": ("Swiss franc", 2), "CLP": ("Chilean peso", 0),
        "CNY": ("Renminbi", 2), "CZK": ("Czech koruna", 2), "DKK": ("Danish krone", 2),
        "EUR": ("Euro", 2), "GBP": ("Pound sterling", 2), "HKD": ("Hong Kong dollar", 2),
        "HUF": ("Hungarian forint", 2), "INR": ("Indian rupee", 2), "ISK": ("Icelandic króna", 0),
        "JOD": ("Jordanian dinar", 3), "JPY": ("Japanese yen", 0), "KRW": ("South Korean won", 0),
        "KWD": ("Kuwaiti dinar", 3), "MXN": ("Mexican peso", 2), "NOK": ("Norwegian krone", 2),
        "NZD": ("New Zealand dollar", 2), "OMR": ("Omani rial", 3), "PLN": ("Polish złoty", 2),
        "SEK": ("Swedish krona", 2), "SGD": ("Singapore dollar", 2), "TND": ("Tunisian dinar", 3),
        "TRY": ("Turkish lira", 2), "USD": ("US dollar", 2), "ZAR": ("South African rand", 2),
    ]
}
