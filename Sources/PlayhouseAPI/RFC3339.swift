import Foundation

/// RFC 3339 UTC timestamps in whole seconds (`2026-11-25T14:03:09Z`), as the wire carries them,
/// written without a date formatter: Foundation's costs several microseconds a date on Linux, and
/// every answer with a date paid for it.
public enum RFC3339 {
    /// `date` as `YYYY-MM-DDThh:mm:ssZ`, its fraction of a second dropped. Written byte by byte
    /// into the string's own storage: built from pieces, a date cost about a microsecond, and a
    /// page of 24 offers has 48 of them.
    public static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let time = seconds - days * 86400
        let (year, month, day) = civil(days: days)
        guard (0...9999).contains(year) else {
            return self.day(days: days) + "T" + padded(time / 3600, 2) + ":" + padded(time / 60 % 60, 2) + ":" + padded(time % 60, 2) + "Z"
        }
        return String(unsafeUninitializedCapacity: 20) { text in
            func put(_ number: Int, _ width: Int, at end: Int) {
                var number = number
                for index in stride(from: end - 1, through: end - width, by: -1) {
                    text[index] = UInt8(ascii: "0") + UInt8(number % 10)
                    number /= 10
                }
            }
            put(year, 4, at: 4)
            text[4] = UInt8(ascii: "-")
            put(month, 2, at: 7)
            text[7] = UInt8(ascii: "-")
            put(day, 2, at: 10)
            text[10] = UInt8(ascii: "T")
            put(time / 3600, 2, at: 13)
            text[13] = UInt8(ascii: ":")
            put(time / 60 % 60, 2, at: 16)
            text[16] = UInt8(ascii: ":")
            put(time % 60, 2, at: 19)
            text[19] = UInt8(ascii: "Z")
            return 20
        }
    }

    /// The time `text` names: `YYYY-MM-DDThh:mm:ss`, a fraction of a second or not, then `Z` or an
    /// offset (`+02:00`); nil when it names none. The one reading of a time for the wire and the
    /// server's files alike.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// The UTC day of `date`: `2026-11-25`.
    public static func day(_ date: Date) -> String {
        day(days: Int((date.timeIntervalSince1970 / 86400).rounded(.down)))
    }

    /// The Gregorian date `days` after 1970-01-01.
    private static func day(days: Int) -> String {
        let (year, month, day) = civil(days: days)
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// The year, month and day `days` after 1970-01-01 (Howard Hinnant's days-to-civil): the one
    /// calendar arithmetic of the project (the server's HTTP dates use it too).
    public static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
