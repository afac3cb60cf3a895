import Vapor

/// Holds each app's calls to its limits (``RequestRateLimiter``): a call over a limit is `429`
/// with `Retry-After`; an admitted one's answer says how many calls are left
/// (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`). A `304` does not count. Runs
/// once the caller is known, in the task of ``BearerAuthMiddleware`` (`limitsCalls`): not a
/// middleware of its own, which would start a task of its own.
enum RateLimitCheck {
    static func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let app = try request.principal.app
        let limiter = request.playhouse.requestRateLimiter
        let decision = try await limiter.admit(app, now: request.now, store: request.store)
        var headers = decision.headers(app.rateLimits)
        guard decision.admitted else {
            headers["Retry-After"] = String(decision.reset)
            throw PlayhouseProblem(.tooManyRequests, .rateLimited, message: "call_limited",
                                   parameters: ["seconds": String(decision.reset), "limit": String(decision.limit), "span": decision.span.rawValue],
                                   headers: HTTPHeaders(headers.map { ($0.key, $0.value) }))
        }
        let response: Response
        do {
            response = try await next.respond(to: request)
        } catch var problem as PlayhouseProblem {
            for (name, value) in headers { problem.headers.replaceOrAdd(name: name, value: value) }
            throw problem
        }
        if response.status == .notModified { limiter.give(back: decision.taken, of: app) }
        for (name, value) in headers { response.headers.replaceOrAdd(name: name, value: value) }
        return response
    }
}
