import Foundation
import PlayhouseAPI

/// Sends API calls and decodes their answers: the part every feature namespace shares.
struct APIClient: Sendable {
    let configuration: PlayhouseClient.Configuration
    /// Calls a signed-out player may make too (the catalog, the app, content placements, a sign-in
    /// PIN): with the signed-in player's token; with no player, the app's token when the
    /// configuration holds the client secret, else the public client's id (`Playhouse-Client-ID`).
    let callerPipeline: Pipeline
    /// Calls authorised with the signed-in player's token.
    let playerPipeline: Pipeline
    /// Calls that need no token (public documents such as the reward keys).
    let publicPipeline: Pipeline
    let playerSession: PlayerSession
    /// Heartbeats and reality checks of the player's play session.
    let sessionMonitor: SessionMonitor
    /// Whether the app is in the background: the heartbeats and the lists' pull follow it.
    let appState: AppState
    /// Tells ``appState`` of the app's lifecycle; kept for as long as the client lives.
    let appLifecycle: AppLifecycleObserver?

    init(configuration: PlayhouseClient.Configuration) {
        self.configuration = configuration
        let retry = RetryInterceptor(policy: configuration.retryPolicy)
        let tokenPipeline = Pipeline(interceptors: configuration.interceptors + [retry], transport: configuration.transport)
        publicPipeline = tokenPipeline
        let tokens = AppTokenProvider(configuration: configuration, pipeline: tokenPipeline)
        let playerSession = PlayerSession(configuration: configuration, pipeline: tokenPipeline)
        self.playerSession = playerSession
        // Auth sits outside the retry loop: a failed token fetch has already been retried by its own
        // pipeline and must not be multiplied by the API call's retries.
        callerPipeline = Pipeline(interceptors: configuration.interceptors
                                  + [BearerAuthInterceptor(session: playerSession, tokens: tokens, configuration: configuration), retry],
                                  transport: configuration.transport)
        let sessionMonitor = SessionMonitor(clock: configuration.clock, schedule: configuration.heartbeat)
        self.sessionMonitor = sessionMonitor
        let appState = AppState()
        self.appState = appState
        appState.follow { [weak sessionMonitor] background in
            if background { await sessionMonitor?.enterBackground() } else { await sessionMonitor?.enterForeground() }
        }
        appLifecycle = configuration.appLifecycle.map { AppLifecycleObserver($0, state: appState) }
        playerPipeline = Pipeline(interceptors: configuration.interceptors + [BearerAuthInterceptor(session: playerSession), retry],
                                  transport: configuration.transport)
    }

    /// Sends `body` as JSON with `method` to `path` for the signed-in player, with `query` items and
    /// extra `headers` (such as `Idempotency-Key`); `retryable` marks a call that the server answers
    /// the same however often it is sent (a reward's claim).
    func player<Response: Decodable>(_ method: String, _ path: String, body: (some Encodable)? = Optional<Int>.none,
                                     query: [URLQueryItem] = [], headers: [String: String] = [:], retryable: Bool? = nil,
                                     as type: Response.Type = Response.self) async throws(PlayhouseError) -> Response {
        try await json(method, path, body: body, query: query, headers: headers, retryable: retryable, through: playerPipeline)
    }

    /// Sends `body` as JSON with `method` to `path` (with `query` items) for whoever calls: the
    /// signed-in player, else the app (``callerPipeline``).
    func caller<Response: Decodable>(_ method: String, _ path: String, body: (some Encodable)? = Optional<Int>.none, query: [URLQueryItem] = [],
                                     as type: Response.Type = Response.self) async throws(PlayhouseError) -> Response {
        try await json(method, path, body: body, query: query, through: callerPipeline)
    }

    /// Sends `body` as JSON with `method` to `path` for this installation, as ``caller(_:_:body:query:as:)``
    /// does, with `installation_id` in the query.
    func installation<Response: Decodable>(_ method: String, _ path: String, body: (some Encodable)? = Optional<Int>.none,
                                           query: [URLQueryItem] = [], retryable: Bool? = nil,
                                           as type: Response.Type = Response.self) async throws(PlayhouseError) -> Response {
        try await json(method, path, body: body, query: query + [URLQueryItem(name: "installation_id", value: configuration.installationID)],
                       retryable: retryable, through: callerPipeline)
    }

    /// Sends `body` as JSON with `method` to `path` for the player `playerID`, with their token, or
    /// throws `not_signed_in` when another player (or nobody) is signed in now; `retryable` as
    /// ``player(_:_:body:query:headers:retryable:as:)``.
    func on<Response: Decodable>(behalfOf playerID: String, _ method: String, _ path: String, body: (some Encodable)? = Optional<Int>.none,
                                 query: [URLQueryItem] = [], retryable: Bool? = nil,
                                 as type: Response.Type = Response.self) async throws(PlayhouseError) -> Response {
        let token: String?
        do {
            token = try await playerSession.accessToken(of: playerID)
        } catch {
            throw PlayhouseError(transportError: error)
        }
        guard let token else { throw PlayhouseError(code: .notSignedIn, message: "The player is not signed in now.") }
        do {
            return try await json(method, path, body: body, query: query, headers: ["Authorization": "Bearer \(token)"], retryable: retryable,
                                  through: publicPipeline)
        } catch {
            if error.status == 401 { await playerSession.invalidate(token) }
            throw error
        }
    }

    private func json<Response: Decodable>(_ method: String, _ path: String, body: (some Encodable)?,
                                           query: [URLQueryItem] = [], headers: [String: String] = [:], retryable: Bool? = nil,
                                           through pipeline: Pipeline) async throws(PlayhouseError) -> Response {
        var request = HTTPRequest(method: method, url: url(path, query: query),
                                  headers: ["Accept": "application/json", "Accept-Language": configuration.acceptLanguage]
                                      .merging(headers) { _, extra in extra }, isRetryable: retryable)
        if let body {
            request.headers["Content-Type"] = "application/json"
            do { request.body = try PlayhouseJSON.makeEncoder().encode(body) } catch {
                throw PlayhouseError(code: .badResponse, message: "The request could not be encoded: \(error)")
            }
        }
        return try await send(request, through: pipeline)
    }

    /// The server's `path` with `query` items.
    private func url(_ path: String, query: [URLQueryItem]) -> URL {
        let url = configuration.baseURL.appendingPathComponent(path)
        guard !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.queryItems = query
        // A server reads `+` in a query as a space (HTML forms' rule), which URLComponents leaves as it is.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? url
    }

    /// The bytes of a public document at `path` (no token).
    func publicDocument(_ path: String) async throws(PlayhouseError) -> Data {
        let request = HTTPRequest(method: "GET", url: configuration.baseURL.appendingPathComponent(path), headers: ["Accept": "application/json"])
        return try await answer(request, through: publicPipeline).body
    }

    /// `GET path?query` for whoever calls (``callerPipeline``), or for the signed-in player alone (`asPlayer`,
    /// ``playerPipeline``), with extra `headers`: the server's answer, a success or `304 Not Modified` (for a request
    /// with `If-None-Match`); a failure is thrown.
    func revalidate(_ path: String, query: [URLQueryItem], headers: [String: String],
                    asPlayer: Bool = false) async throws(PlayhouseError) -> HTTPResponse {
        let request = HTTPRequest(method: "GET", url: url(path, query: query), headers: ["Accept": "application/json", "Accept-Language": configuration.acceptLanguage]
            .merging(headers) { _, extra in extra })
        let response: HTTPResponse
        do {
            response = try await (asPlayer ? playerPipeline : callerPipeline).send(request)
        } catch {
            throw PlayhouseError(transportError: error)
        }
        guard (200..<300).contains(response.status) || response.status == 304 else { throw PlayhouseError(response: response) }
        return response
    }

    func send<Response: Decodable>(_ request: HTTPRequest, through pipeline: Pipeline) async throws(PlayhouseError) -> Response {
        let response = try await answer(request, through: pipeline)
        // `204 No Content` is nil to a caller that asked for an optional.
        if response.status == 204, let absent = Response.self as? any NoContent.Type, let nothing = absent.noContent as? Response { return nothing }
        do {
            return try PlayhouseJSON.makeDecoder().decode(Response.self, from: response.body)
        } catch {
            throw PlayhouseError(code: .badResponse, status: response.status,
                                 message: "The server's answer could not be read: \(error)")
        }
    }
}

extension APIClient {
    /// The server's answer to `request`, provided it is a success (2xx); a failure or a transport
    /// error is thrown as a ``PlayhouseError``.
    private func answer(_ request: HTTPRequest, through pipeline: Pipeline) async throws(PlayhouseError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try await pipeline.send(request)
        } catch {
            throw PlayhouseError(transportError: error)
        }
        guard (200..<300).contains(response.status) else { throw PlayhouseError(response: response) }
        return response
    }
}

/// What `204 No Content` decodes to: nil.
protocol NoContent {
    static var noContent: Self { get }
}

extension Optional: NoContent {
    static var noContent: Self { nil }
}
