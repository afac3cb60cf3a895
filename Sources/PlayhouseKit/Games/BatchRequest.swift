import Foundation
import PlayhouseAPI

/// Several calls the server runs in one request, in dependency order (Betable's
/// `BetableBatchRequest`): `var batch = client.batch()`, add sub-requests, then `run()`.
///
/// ```swift
/// var batch = client.batch()
/// try batch.bet(name: "spin", game: "lucky-sevens", wager: Decimal(string: "0.10")!, currency: "EUR")
/// try batch.wallet(name: "wallet", dependsOn: ["spin"])
/// let result = try await batch.run()
/// let bet = try result.value("spin", as: Bet.self)
/// ```
///
/// A sub-request can use an earlier answer: put ``reference(_:_:)`` (`${name.body.id}`) in its path
/// or in a string of its body, and list that sub-request in `dependsOn`. Every money-moving builder
/// gives its sub-request an idempotency key, so running the same batch value again never bets twice.
public struct BatchRequest: Sendable {
    let api: APIClient
    /// The sub-requests, in the order added.
    public private(set) var requests: [BatchSubRequest] = []

    /// At most this many sub-requests.
    public static let limit = 50

    init(api: APIClient) { self.api = api }

    /// Adds any call of the API.
    public mutating func add(name: String, method: String, path: String, body: (some Encodable & Sendable)? = Optional<JSONValue>.none,
                             dependsOn: [String] = [], idempotencyKey: String? = nil) throws(PlayhouseError) {
        guard requests.count < Self.limit else {
            throw PlayhouseError(code: .invalidBatch, message: "A batch holds at most \(Self.limit) sub-requests.")
        }
        guard !requests.contains(where: { $0.name == name }) else {
            throw PlayhouseError(code: .invalidBatch, message: "Two sub-requests are named \(name).")
        }
        var json: JSONValue?
        if let body {
            do {
                json = try JSONValue(parsing: PlayhouseJSON.makeEncoder().encodeBytes(body))
            } catch {
                throw PlayhouseError(code: .invalidBatch, message: "The body of \(name) is not JSON: \(error)")
            }
        }
        requests.append(BatchSubRequest(name: name, method: method, path: path, dependsOn: dependsOn, body: json, idempotencyKey: idempotencyKey))
    }

    /// `${name.keys…}`: a value of an earlier sub-request's result, whose keys are `status` and `body`.
    public static func reference(_ name: String, _ keys: String...) -> String {
        "${" + ([name] + keys).joined(separator: ".") + "}"
    }

    // MARK: Builders

    /// A backed bet (see ``GamesAPI/bet(game:wager:currency:economy:paylines:clientSeed:idempotencyKey:)``).
    public mutating func bet(name: String, game: String, wager: Decimal, currency: String, economy: Economy? = nil, paylines: [[Int]]? = nil,
                             dependsOn: [String] = [], idempotencyKey: String = UUID().uuidString) throws(PlayhouseError) {
        try add(name: name, method: "POST", path: GamesAPI.betPath(game: game, unbacked: false),
                body: BetRequest(currency: currency, economy: economy, wager: GamesAPI.decimal(wager), paylines: paylines),
                dependsOn: dependsOn, idempotencyKey: idempotencyKey)
    }

    /// An unbacked bet.
    public mutating func unbackedBet(name: String, game: String, wager: Decimal, currency: String? = nil, paylines: [[Int]]? = nil,
                                     dependsOn: [String] = []) throws(PlayhouseError) {
        try add(name: name, method: "POST", path: GamesAPI.betPath(game: game, unbacked: true),
                body: BetRequest(currency: currency, wager: GamesAPI.decimal(wager), paylines: paylines), dependsOn: dependsOn)
    }

    /// A credit bet: credits won in `creditsFrom`, bet on `game`.
    public mutating func creditBet(name: String, game: String, creditsFrom: String, wager: Decimal, paylines: [[Int]]? = nil,
                                   dependsOn: [String] = [], idempotencyKey: String = UUID().uuidString) throws(PlayhouseError) {
        try add(name: name, method: "POST", path: GamesAPI.betPath(game: game, creditsFrom: creditsFrom, unbacked: false),
                body: BetRequest(wager: GamesAPI.decimal(wager), paylines: paylines), dependsOn: dependsOn, idempotencyKey: idempotencyKey)
    }

    /// A credit bet's math with no money.
    public mutating func unbackedCreditBet(name: String, game: String, creditsFrom: String, wager: Decimal, paylines: [[Int]]? = nil,
                                           dependsOn: [String] = []) throws(PlayhouseError) {
        try add(name: name, method: "POST", path: GamesAPI.betPath(game: game, creditsFrom: creditsFrom, unbacked: true),
                body: BetRequest(wager: GamesAPI.decimal(wager), paylines: paylines), dependsOn: dependsOn)
    }

    /// The player's wallet.
    public mutating func wallet(name: String, dependsOn: [String] = []) throws(PlayhouseError) {
        try add(name: name, method: "GET", path: APIPath.wallet, dependsOn: dependsOn)
    }

    /// The player's account.
    public mutating func account(name: String, dependsOn: [String] = []) throws(PlayhouseError) {
        try add(name: name, method: "GET", path: APIPath.account, dependsOn: dependsOn)
    }

    /// Sends the batch. A batch the server cannot run (a cycle, an unknown dependency) throws
    /// `invalid_batch` and nothing ran; otherwise every sub-request has its answer in the result.
    public func run() async throws(PlayhouseError) -> BatchResult {
        let answer: BatchResponseBody = try await api.player("POST", APIPath.batch, body: BatchRequestBody(requests: requests))
        return BatchResult(responses: answer.responses)
    }

    /// Completion-handler form of ``run()``; `completion` runs on the main queue.
    public func run(completion: @escaping @MainActor @Sendable (Result<BatchResult, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> BatchResult in try await run() }
    }
}

/// What a batch answered: each sub-request's status and JSON body.
public struct BatchResult: Sendable {
    /// In the order the sub-requests were added.
    public let responses: [BatchSubResponse]

    public subscript(name: String) -> BatchSubResponse? { responses.first { $0.name == name } }

    /// The named sub-request's answer as `T`; its problem as a ``PlayhouseError`` when it failed
    /// (`failed_dependency` when it did not run because a dependency failed).
    public func value<T: Decodable>(_ name: String, as type: T.Type = T.self) throws(PlayhouseError) -> T {
        guard let response = self[name] else { throw PlayhouseError(code: .badResponse, message: "The batch has no sub-request \(name).") }
        guard (200..<300).contains(response.status) else {
            let problem = try? response.body.decode(Problem.self)
            throw PlayhouseError(code: problem?.code ?? .badResponse, status: response.status,
                                 message: problem?.detail ?? problem?.title ?? "Sub-request \(name) failed (\(response.status)).", problem: problem)
        }
        do { return try response.body.decode(T.self) } catch {
            throw PlayhouseError(code: .badResponse, status: response.status, message: "The answer to \(name) is not what was expected: \(error)")
        }
    }
}

extension PlayhouseClient {
    /// A new, empty batch of calls for the signed-in player.
    public func batch() -> BatchRequest { BatchRequest(api: api) }
}
