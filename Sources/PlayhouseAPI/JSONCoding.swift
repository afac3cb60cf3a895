import Foundation

/// The JSON encoders and decoders Playhouse uses on the wire: RFC 3339 UTC dates, keys as declared
/// (wire types spell their snake_case keys explicitly).
public enum PlayhouseJSON {
    /// Compact JSON, keys sorted (``PlayhouseJSONEncoder``).
    public static func makeEncoder() -> PlayhouseJSONEncoder {
        PlayhouseJSONEncoder()
    }

    /// The same JSON indented, for people: Foundation's encoder, as speed does not matter there.
    public static func prettyPrinted(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.format(date))
        }
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Dates are RFC 3339. A string that is no date fails as that field's value (the error
    /// carries its coding path), not as malformed JSON, which Foundation's `.iso8601` strategy
    /// reports on Linux.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            guard let date = RFC3339.parse(try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an RFC 3339 date-time.")
            }
            return date
        }
        return decoder
    }
}
