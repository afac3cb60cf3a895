import PlayhouseAPI
import Vapor

/// Turns every error into an RFC 9457 problem body, localised by `Accept-Language`. Bad input
/// always becomes a 4xx; a server stopping, or too busy to lend the request a database connection
/// within the pool's time, a `503` with `Retry-After`; anything unexpected a 500 that reveals
/// nothing but the request id.
struct ProblemMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).recover { error in
            let problem = Self.problem(for: error, request: request)
            if problem.status.code >= 500 {
                request.logger.error("unhandled error", metadata: ["error": .string(String(reflecting: error))])
            }
            return Self.render(problem, for: request)
        }
    }

    static func problem(for error: any Error, request: Request) -> PlayhouseProblem {
        switch error {
        case let problem as PlayhouseProblem:
            return problem
        case is RouteNotFound:
            let allowed = request.playhouse.routeIndex.allowedMethods(for: request.url.path)
            if allowed.isEmpty {
                return PlayhouseProblem.notFound(request.url.path)
            }
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            return PlayhouseProblem(.methodNotAllowed, .methodNotAllowed,
                                    parameters: ["path": request.url.path, "method": request.method.rawValue, "allowed": names],
                                    headers: ["Allow": names])
        case let decoding as DecodingError:
            return problem(for: decoding)
        case is StoreClosed, is ConnectionPoolTimeoutError:
            // Stopping, or too busy to lend a connection in time: the statement that waited did not run.
            return PlayhouseProblem(.serviceUnavailable, .serviceUnavailable, headers: ["Retry-After": "1"])
        case let unstorable where Store.isUnstorableText(unstorable):
            return PlayhouseProblem(.badRequest, .invalidRequest, message: "malformed_body",
                                    parameters: ["reason": "a text holds a character that cannot be stored (NUL)"])
        case let abort as any AbortError:
            return problem(for: abort, request: request)
        default:
            return PlayhouseProblem(.internalServerError, .internalError)
        }
    }

    private static func problem(for error: DecodingError) -> PlayhouseProblem {
        func field(_ path: [any CodingKey], _ key: (any CodingKey)? = nil) -> String {
            PlayhouseProblem.fieldPath(path + (key.map { [$0] } ?? []))
        }
        switch error {
        case let .keyNotFound(key, context):
            return .validation([.init(name: field(context.codingPath, key), code: "required")])
        case let .valueNotFound(type, context):
            return .validation([.init(name: field(context.codingPath), code: "invalid_type", parameters: ["expected": "\(type)"])])
        case let .typeMismatch(type, context):
            return .validation([.init(name: field(context.codingPath), code: "invalid_type", parameters: ["expected": "\(type)"])])
        case let .dataCorrupted(context) where !context.codingPath.isEmpty:
            return .validation([.init(name: field(context.codingPath), code: "invalid_value")])
        default:
            return PlayhouseProblem(.badRequest, .malformedJSON)
        }
    }

    private static func problem(for error: any AbortError, request: Request) -> PlayhouseProblem {
        switch error.status {
        case .payloadTooLarge:
            return PlayhouseProblem(.payloadTooLarge, .payloadTooLarge,
                                    parameters: ["limit": String(request.playhouse.configuration.maxBodySize)])
        case .unsupportedMediaType:
            return PlayhouseProblem(.unsupportedMediaType, .unsupportedMediaType,
                                    parameters: ["expected": "application/json",
                                                 "actual": request.headers.contentType?.serialize() ?? "no content type"])
        case .notFound:
            return PlayhouseProblem.notFound(request.url.path)
        case .unauthorized:
            return .missingToken
        case let status where status.code >= 400 && status.code < 500:
            return PlayhouseProblem(status, .invalidRequest, message: "malformed_body", parameters: ["reason": error.reason])
        default:
            return PlayhouseProblem(.internalServerError, .internalError)
        }
    }

    static func render(_ problem: PlayhouseProblem, for request: Request) -> Response {
        render(problem, localizer: request.localizer, requestID: request.requestID, path: request.url.path)
    }

    /// The problem's response, in `localizer`'s language, for the request with this id and path.
    static func render(_ problem: PlayhouseProblem, localizer: Localizer, requestID: String, path: String) -> Response {
        let body = Self.body(for: problem, localizer: localizer, requestID: requestID, path: path)
        var headers = problem.headers
        headers.replaceOrAdd(name: .contentType, value: "\(Problem.mediaType); charset=utf-8")
        headers.replaceOrAdd(name: .contentLanguage, value: localizer.language)
        if body.error != nil { headers.replaceOrAdd(name: .cacheControl, value: "no-store") }
        let data = (try? PlayhouseJSON.makeEncoder().encode(body)) ?? Data()
        return Response(status: problem.status, headers: headers, body: .init(data: data))
    }

    /// The problem body, in the request's language.
    static func body(for problem: PlayhouseProblem, request: Request) -> Problem {
        body(for: problem, localizer: request.localizer, requestID: request.requestID, path: request.url.path)
    }

    static func body(for problem: PlayhouseProblem, localizer: Localizer, requestID: String, path: String) -> Problem {
        let isOAuth = path.hasPrefix("/oauth/")
        let detail = localizer.detail(for: problem.message ?? problem.code.rawValue, problem.parameters)
        return Problem(
            type: "https://playhouse.dev/problems/\(problem.code.rawValue)",
            title: localizer.title(for: problem.code.rawValue),
            status: Int(problem.status.code),
            detail: detail,
            code: problem.code,
            requestID: requestID,
            errors: problem.fields.isEmpty ? nil : problem.fields.map {
                FieldError(field: $0.name, code: $0.code, message: localizer.detail(for: "field.\($0.code)", $0.parameters))
            },
            limit: problem.limit,
            error: isOAuth ? oauthError(for: problem.code) : nil,
            errorDescription: isOAuth ? detail : nil
        )
    }

    /// The RFC 6749 §5.2 error name for a code, so OAuth client libraries understand the answer.
    private static func oauthError(for code: ErrorCode) -> String {
        switch code {
        case .invalidClient, .invalidGrant, .invalidScope, .unsupportedGrantType, .unauthorizedClient, .invalidToken,
             .authorizationPending, .slowDown, .expiredToken, .accessDenied:
            return code.rawValue
        case .internalError: return "server_error"
        case .serviceUnavailable: return "temporarily_unavailable"
        default: return "invalid_request"
        }
    }
}
