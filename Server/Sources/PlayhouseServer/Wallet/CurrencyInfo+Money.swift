import PlayhouseAPI

extension CurrencyInfo {
    /// An amount of this currency in minor units, as the wire writes it: `1250` → `"12.50" EUR`.
    func money(_ minor: Int64) -> Money {
        Money(amount: MinorUnits.format(minor, digits: minorUnits), currency: code)
    }
}
