import Foundation

/// The JSON encoders and decoders Playhouse uses on the wire: RFC 3339 UTC dates, keys as declared
/// (wire types spell their snake_case keys explicitly).
public enum PlayhouseJSON {
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
