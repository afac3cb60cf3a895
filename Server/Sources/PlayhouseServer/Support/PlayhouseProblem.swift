import PlayhouseAPI
import Vapor

/// An error the server answers with an RFC 9457 problem body. Services throw these; the
/// ``ProblemMiddleware`` localises and renders them.
public struct PlayhouseProblem: Error, Sendable, CustomStringConvertible {
    /// One invalid field, rendered into the problem's `errors` array.
    struct Field: Sendable {
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

extension PlayhouseProblem {
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
