import Foundation

/// Exact conversion between decimal amount strings (`"12.50"`) and integer minor units (`1250`).
/// Amounts are never floating-point numbers.
enum MinorUnits {
    /// The largest amount one movement may carry, in minor units (ten billion of a two-decimal currency).
    static let maximum: Int64 = 1_000_000_000_000

    enum ParseError: Error, Equatable {
        case notADecimal
        case notPositive
        case tooManyDecimals(allowed: Int)
        case tooLarge
    }

    /// Parses a positive amount with at most `digits` decimals into minor units.
    static func parse(_ text: String, digits: Int) -> Result<Int64, ParseError> {
        let trimmed = ASCIIShape.trimmingWhitespace(text)
        guard ASCIIShape.isDecimal(trimmed) else {
            return .failure(.notADecimal)
        }
        let negative = trimmed.hasPrefix("-")
        let unsigned = trimmed.drop { $0 == "+" || $0 == "-" }
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts[0].drop { $0 == "0" }
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if negative && (whole.contains { $0 != "0" } || !fraction.isEmpty) { return .failure(.notPositive) }
        guard fraction.count <= digits else { return .failure(.tooManyDecimals(allowed: digits)) }
        guard whole.count <= 15 else { return .failure(.tooLarge) }
        let padded = fraction + String(repeating: "0", count: digits - fraction.count)
        let digitsText = String(whole) + padded
        guard let value = digitsText.isEmpty ? 0 : Int64(digitsText) else { return .failure(.tooLarge) }
        guard value > 0 else { return .failure(.notPositive) }
        guard value <= maximum else { return .failure(.tooLarge) }
        return .success(value)
    }

    /// Formats minor units as a decimal string with exactly `digits` decimals: `1250` → `"12.50"`.
    static func format(_ value: Int64, digits: Int) -> String {
        let sign = value < 0 ? "-" : ""
        let magnitude = String(value.magnitude)
        guard digits > 0 else { return sign + magnitude }
        let padded = String(repeating: "0", count: max(0, digits + 1 - magnitude.count)) + magnitude
        return sign + padded.dropLast(digits) + "." + padded.suffix(digits)
    }
}
