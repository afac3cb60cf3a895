import PlayhouseAPI
import Vapor

/// An error the server answers with an RFC 9457 problem body. Services throw these; the
/// ``ProblemMiddleware`` localises and renders them.
public struct PlayhouseProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// One invalid field, rendered into the problem's `errors` array.
    struct Field: Sendable, Equatable, Codable {
        var name: String
        var code: String
        var parameters: [String: String] = [:]
    }

    var status: HTTPStatus
    var code: ErrorCode
    /// The message key for `detail`; defaults to the code's own message.
    var message: String?
    /// Values substituted into `{name}` placeholders of the localised detail.
    var parameters: [String: String] = [:]
    var fields: [Field] = []
    var headers: HTTPHeaders = [:]
    /// The responsible-play limit a refusal names (the problem's `limit` member).
    var limit: String?

    /// The English detail and field messages, for logs and the command line.
    public var description: String { text(Localizer(language: "en")) }

    /// The detail and each field's message in `localizer`'s language, as one sentence or more
    /// (for a hosted page that shows the problem to a person).
    func text(_ localizer: Localizer) -> String {
        var text = localizer.detail(for: message ?? code.rawValue, parameters)
        for field in fields {
            text += " \(field.name): " + localizer.detail(for: "field.\(field.code)", field.parameters)
        }
        return text
    }

    init(_ status: HTTPStatus, _ code: ErrorCode, message: String? = nil, parameters: [String: String] = [:],
         fields: [Field] = [], headers: HTTPHeaders = [:], limit: String? = nil) {
        self.limit = limit
        self.status = status
        self.code = code
        self.message = message
        self.parameters = parameters
        self.fields = fields
        self.headers = headers
    }
}

/// A problem kept to be answered again (a list operation's refusal, stored with its mutation id):
/// its status, code, message, parameters, fields and limit, each only when it has one; never its
/// headers. `{"code": "list_not_found", "status": 404}` is the smallest.
extension PlayhouseProblem: Codable {
    private enum CodingKeys: String, CodingKey { case status, code, message, parameters, fields, limit }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(HTTPStatus(statusCode: try container.decode(Int.self, forKey: .status)),
                  ErrorCode(try container.decode(String.self, forKey: .code)),
                  message: try container.decodeIfPresent(String.self, forKey: .message),
                  parameters: try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:],
                  fields: try container.decodeIfPresent([Field].self, forKey: .fields) ?? [],
                  limit: try container.decodeIfPresent(String.self, forKey: .limit))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Int(status.code), forKey: .status)
        try container.encode(code.rawValue, forKey: .code)
        try container.encodeIfPresent(message, forKey: .message)
        if !parameters.isEmpty { try container.encode(parameters, forKey: .parameters) }
        if !fields.isEmpty { try container.encode(fields, forKey: .fields) }
        try container.encodeIfPresent(limit, forKey: .limit)
    }
}

extension PlayhouseProblem {
    /// A field's name in a problem, the one form every problem uses: names joined by dots, an
    /// element of an array by its index in brackets (`operations[1].count`); `body` for the
    /// body itself.
    static func fieldPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "body" : text
    }

    static func validation(_ fields: [Field]) -> PlayhouseProblem {
        PlayhouseProblem(.unprocessableEntity, .validationFailed, fields: fields)
    }

    static func invalidRequest(_ message: String, _ parameters: [String: String] = [:]) -> PlayhouseProblem {
        PlayhouseProblem(.badRequest, .invalidRequest, message: message, parameters: parameters)
    }

    /// RFC 6749 §5.2 `invalid_grant`: the code, refresh token, PIN or provider token does not hold.
    static func invalidGrant(_ message: String) -> PlayhouseProblem {
        PlayhouseProblem(.badRequest, .invalidGrant, message: message)
    }

    /// 404 for `path`, which the detail names.
    static func notFound(_ path: String) -> PlayhouseProblem {
        PlayhouseProblem(.notFound, .notFound, parameters: ["path": path])
    }

    /// 404 `game_not_found`, naming the game.
    static func gameNotFound(_ game: String) -> PlayhouseProblem {
        PlayhouseProblem(.notFound, .gameNotFound, parameters: ["game": String(game.prefix(64))])
    }

    static var missingToken: PlayhouseProblem {
        PlayhouseProblem(.unauthorized, .unauthorized, headers: ["WWW-Authenticate": #"Bearer realm="playhouse""#])
    }

    static var invalidToken: PlayhouseProblem {
        PlayhouseProblem(.unauthorized, .invalidToken,
                         headers: ["WWW-Authenticate": #"Bearer realm="playhouse", error="invalid_token""#])
    }

    static var invalidClient: PlayhouseProblem {
        PlayhouseProblem(.unauthorized, .invalidClient, headers: ["WWW-Authenticate": #"Basic realm="playhouse""#])
    }
}
