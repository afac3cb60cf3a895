import Foundation

/// The JSON encoders and decoders Playhouse uses on the wire: RFC 3339 UTC dates, keys as declared
/// (wire types spell their snake_case keys explicitly).
public enum PlayhouseJSON {
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.format(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Dates are RFC 3339. A string that is no date fails as that field's value (the error
    /// carries its coding path), not as malformed JSON, which Foundation's `.iso8601` strategy
    /// reports on Linux.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            guard let date = try? Date.ISO8601FormatStyle().parse(try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an RFC 3339 date-time.")
            }
            return date
        }
        return decoder
    }
}
