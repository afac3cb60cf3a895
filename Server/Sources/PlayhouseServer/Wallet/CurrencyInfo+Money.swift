import PlayhouseAPI

extension CurrencyInfo {
    /// An amount of this currency in minor units, as the wire writes it: `1250` → `"12.50" EUR`.
    func money(_ minor: Int64) -> Money {
        Money(amount: MinorUnits.format(minor, digits: minorUnits), currency: code)
    }
}

extension [CurrencyInfo] {
    /// The currency with `code`. A currency in use cannot be removed, so it is always there; should
    /// it not be, the amount is shown in whole units rather than not at all.
    func info(for code: String) -> CurrencyInfo {
        first { $0.code == code } ?? CurrencyInfo(code: code, kind: .virtual, minorUnits: 0, name: code)
    }
}
