import Vapor

/// The parameters of an OAuth request body (`application/x-www-form-urlencoded`, RFC 6749 §3.2).
///
/// As RFC 6749 requires: unrecognised parameters are ignored, a parameter sent without a value is
/// treated as omitted, and a parameter sent more than once is an `invalid_request`.
struct OAuthForm: Sendable {
    static let mediaType = "application/x-www-form-urlencoded"

    private let values: [String: [String]]

    /// Reads the body of `request`, refusing other media types and malformed encodings.
    init(_ request: Request) throws {
        guard request.headers.hasContentType(.urlEncodedForm) else {
            throw PlayhouseProblem(.unsupportedMediaType, .unsupportedMediaType,
                                   parameters: ["expected": Self.mediaType,
                                                "actual": request.headers.contentType?.serialize() ?? "no content type"])
        }
        try self.init(bytes: request.body.data?.readableBytesView ?? ByteBuffer().readableBytesView)
    }

    /// Reads form-encoded parameters, such as a request's query string.
    init(encoded text: String) throws {
        try self.init(bytes: text.utf8)
    }

    private init(bytes: some Collection<UInt8>) throws {
        guard let values = Self.parse(bytes) else {
            throw PlayhouseProblem.invalidRequest("malformed_body", ["reason": "not a valid form body"])
        }
        self.values = values
    }

    /// Name to values, or nil when a percent-escape is invalid or a name or value is not UTF-8.
    /// Split byte by byte: a token exchange's form carries a JWT, and splitting its text by
    /// characters cost a few per cent of the exchange's server CPU in its profile.
    private static func parse(_ bytes: some Collection<UInt8>) -> [String: [String]]? {
        var values: [String: [String]] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decodeComponent(parts[0]) else { return nil }
            guard let value = parts.count > 1 ? decodeComponent(parts[1]) : "" else { return nil }
            values[name, default: []].append(value)
        }
        return values
    }

    /// One form-url-encoded name or value (`+` is a space) from its bytes, or nil when its
    /// percent-escapes are invalid or it is not UTF-8. HTTP Basic client credentials are encoded
    /// the same way (RFC 6749 §2.3.1).
    static func decodeComponent(_ text: some Collection<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var input = text.makeIterator()
        while let byte = input.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = input.next().flatMap(hexValue), let low = input.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Every non-empty value of `name`, for a field a form may send more than once (a checkbox list).
    func values(_ name: String) -> [String] {
        values[name]?.filter { !$0.isEmpty } ?? []
    }

    /// The value of `name`, nil when absent or empty; a problem when it was sent more than once.
    func value(_ name: String) throws -> String? {
        guard let sent = values[name]?.filter({ !$0.isEmpty }), !sent.isEmpty else { return nil }
        guard sent.count == 1 else {
            throw PlayhouseProblem.invalidRequest("repeated_parameter", ["name": String(name.prefix(64))])
        }
        return sent[0]
    }

    /// The value of a parameter the request cannot do without.
    func required(_ name: String) throws -> String {
        guard let value = try value(name) else {
            throw PlayhouseProblem.invalidRequest("missing_parameter", ["name": name])
        }
        return value
    }
}
