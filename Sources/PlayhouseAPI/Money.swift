import Foundation

/// An amount of one currency, as it travels on the wire: a decimal string and the currency's code,
/// `{"amount": "12.50", "currency": "EUR"}`. Never a floating-point number.
public struct Money: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The amount as a decimal string with a `.` separator, e.g. `"12.50"`; negative in history
    /// entries that took money out.
    public var amount: String
    /// An ISO 4217 code (`EUR`) or one of the app's virtual currencies (`KRD`).
    public var currency: String

    public init(amount: String, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    /// An amount given as a `Decimal`, e.g. `Money(Decimal(string: "12.5")!, currency: "EUR")`.
    public init(_ value: Decimal, currency: String) {
        self.amount = NSDecimalNumber(decimal: value).stringValue
        self.currency = currency
    }

    /// The amount as a `Decimal` (exact: decimal strings convert without binary rounding).
    public var value: Decimal {
        Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    public var description: String { "\(amount) \(currency)" }
}

/// The economy real-money balances live in. A sandbox app only ever has sandbox money.
public enum Economy: String, Codable, Sendable, CaseIterable {
    case real
    case sandbox
}

/// What a currency is for.
public enum CurrencyKind: String, Codable, Sendable, CaseIterable {
    /// Real money in ISO 4217 minor units (cents), deposited and withdrawn through a payment provider.
    case real
    /// An app's own currency in whole units, such as kredits (`KRD`); credited by promotions and play.
    case virtual
    /// Credits won in one game that fund credit bets (the games feature uses them).
    case credit
}

/// A currency an app has configured, as `GET /v1/currencies` lists it.
public struct CurrencyInfo: Codable, Sendable, Equatable {
    public var code: String
    public var kind: CurrencyKind
    /// Digits after the decimal point: 2 for EUR, 0 for JPY and for virtual currencies.
    public var minorUnits: Int
    public var name: String
    /// For game credits: the game they belong to.
    public var game: String?

    public init(code: String, kind: CurrencyKind, minorUnits: Int, name: String, game: String? = nil) {
        self.code = code
        self.kind = kind
        self.minorUnits = minorUnits
        self.name = name
        self.game = game
    }

    enum CodingKeys: String, CodingKey {
        case code, game, kind, minorUnits = "minor_units", name
    }
}

/// An exact amount in an answer, read as a `Decimal` (as amounts go in) and kept as the wire
/// writes it (`"1.00"`, with the currency's decimals), so that encoding it again changes nothing:
/// `bet.payout` is a `Decimal`, `bet.$payout.text` the server's string.
@propertyWrapper
public struct DecimalString: Codable, Sendable, Hashable {
    /// The amount as the wire writes it: a decimal string with a `.` separator.
    public var text: String

    public init(text: String) { self.text = text }

    public init(wrappedValue: Decimal) { text = NSDecimalNumber(decimal: wrappedValue).stringValue }

    /// The amount (exact: decimal strings convert without binary rounding).
    public var wrappedValue: Decimal {
        get { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0 }
        set { text = NSDecimalNumber(decimal: newValue).stringValue }
    }

    public var projectedValue: DecimalString {
        get { self }
        set { self = newValue }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        text = try container.decode(String.self)
        guard text.range(of: #"^-?[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a decimal amount: \(text)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
