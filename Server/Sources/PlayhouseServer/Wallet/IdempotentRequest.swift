import Crypto
import Foundation
import NIOConcurrencyHelpers
import PlayhouseAPI
import SQLKit
import Vapor

/// A money-moving request and its `Idempotency-Key`, if it sent one.
///
/// Once a request with a key has started (its body read and its caller authenticated), its
/// outcome is the answer to every repeat for as long as the key is kept: a success, or a refusal
/// (insufficient funds, a limit, a closed game, self-exclusion: any 4xx problem), which is stored
/// as its problem body (``refused(_:)``), so that a refused payment never turns into a paid one
/// when its key is sent again after the balance has changed. A request that never started (a body
/// that cannot be read, a key in use with another body), or that failed for a reason of the
/// server's (a 5xx, such as a payment provider that did not answer, which a repeat finishes),
/// stores nothing.
///
/// The key is stored with its response at the end of the database transaction that moves the
/// money, as that transaction's last write. Of two simultaneous requests with one key, the second
/// finds the key taken when it stores it (on PostgreSQL it waits there until the first commits),
/// rolls back everything it did and answers with the first's stored response. Every movement goes
/// through ``perform(_:status:prepareIsRepeatable:prepare:claimingKey:)``, which says where each
/// stores its key (a payment, concluded later, after its writes); a withdrawal's cancellation, an
/// adjustment and a promotion's redemption through ``perform(_:status:prepareIsRepeatable:prepare:_:)``,
/// which makes their one transaction.
struct IdempotentRequest {
    static let header = "Idempotency-Key"
    /// How long a key is kept at least.
    static let retention: TimeInterval = 24 * 3600

    let appID: UUID
    let owner: String
    let key: String?
    let fingerprint: String
    let now: Date
    /// The id of what this request does (a payment's): the same for every send with this key,
    /// simultaneous or long after, and new for a request without a key.
    let operationID: UUID
    /// How a refusal is put, for the stored answer: the request's language, id and path.
    let localizer: Localizer
    let requestID: String
    let path: String

    /// The keys a player sends are theirs alone.
    static func owner(_ playerID: UUID) -> String { "player:" + playerID.uuidString.lowercased() }

    /// The keys an operator sends (their money corrections) are theirs alone.
    static func owner(operator id: UUID) -> String { "operator:" + id.uuidString.lowercased() }

    init(_ request: Request, appID: UUID, playerID: UUID) throws {
        try self.init(request, appID: appID, owner: Self.owner(playerID))
    }

    init(_ request: Request, appID: UUID, owner: String) throws {
        let key = request.headers.first(name: Self.header)
        if let key, key.isEmpty || key.count > 255 || key.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value > 0x7e }) {
            throw PlayhouseProblem.invalidRequest("invalid_idempotency_key")
        }
        let path = request.url.path
        self.appID = appID
        self.owner = owner
        self.key = key
        self.fingerprint = Self.fingerprint(request.method, path, body: request.body.data.map { Data($0.readableBytesView) } ?? Data())
        self.now = request.now
        self.operationID = Self.operationID(appID: appID, owner: owner, key: key)
        self.localizer = request.localizer
        self.requestID = request.requestID
        self.path = path
    }

    /// What tells one request from another under the same key: its method, path and body.
    static func fingerprint(_ method: HTTPMethod, _ path: String, body: Data) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("\(method.rawValue) \(path)\n".utf8))
        hasher.update(data: body)
        return SecretToken.hex(hasher.finalize())
    }

    /// A hosted page's form (`request`), keyed by the one-time id the form carried.
    init(_ request: Request, appID: UUID, playerID: UUID, key: String, fields: [String]) {
        self.appID = appID
        self.owner = Self.owner(playerID)
        self.key = key
        self.fingerprint = SecretToken.hex(SHA256.hash(data: Data(fields.joined(separator: "\n").utf8)))
        self.now = request.now
        self.operationID = Self.operationID(appID: appID, owner: owner, key: key)
        self.localizer = request.localizer
        self.requestID = request.requestID
        self.path = request.url.path
    }

    /// A name-based UUID (RFC 9562 version 8, from SHA-256) of the app, owner and key; a random
    /// one without a key.
    private static func operationID(appID: UUID, owner: String, key: String?) -> UUID {
        guard let key else { return UUID.random() }
        var bytes = Array(SHA256.hash(data: Data("\(appID.uuidString.lowercased())\n\(owner)\n\(key)".utf8)).prefix(16))
        bytes[6] = bytes[6] & 0x0f | 0x80
        bytes[8] = bytes[8] & 0x3f | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// A condition that holds while no answer is stored under this key (nil without a key), for a
    /// write that must not happen once the key has its answer: a payment's, whose repeat does not
    /// look for a stored answer first (``perform(_:status:prepareIsRepeatable:prepare:claimingKey:)``).
    var unanswered: SQLQueryString? {
        key.map { key in
            """
            NOT EXISTS (SELECT 1 FROM idempotency_keys
                        WHERE app_id = \(bind: appID) AND owner = \(bind: owner) AND idempotency_key = \(bind: key))
            """
        }
    }

    /// The stored response of an earlier request with this key, or nil when there is none yet.
    func replay(on store: Store) async throws -> Response? {
        guard let key else { return nil }
        guard let record = try await store.read({ sql in
            try await sql.raw("""
                SELECT fingerprint, status, body FROM idempotency_keys
                WHERE app_id = \(bind: appID) AND owner = \(bind: owner) AND idempotency_key = \(bind: key)
                """).first()
        }) else { return nil }
        guard try record.decode(column: "fingerprint", as: String.self) == fingerprint else {
            throw PlayhouseProblem(.conflict, .idempotencyKeyReused)
        }
        let response = Self.response(HTTPStatus(statusCode: try record.decode(column: "status", as: Int.self)),
                                     try record.decode(column: "body", as: String.self))
        if response.status.code >= 400 {
            response.headers.replaceOrAdd(name: .contentType, value: "\(Problem.mediaType); charset=utf-8")
        }
        response.headers.add(name: "Idempotent-Replayed", value: "true")
        return response
    }

    /// As ``perform(_:status:prepareIsRepeatable:prepare:claimingKey:)``, for a `work` that makes
    /// one money transaction: made here, its last write storing the key with the response.
    func perform<Prepared: Sendable, T: Encodable & Sendable>(
        _ store: Store, status: HTTPStatus = .created, prepareIsRepeatable: Bool = false, prepare: () async throws -> Prepared,
        _ work: @escaping @Sendable (Prepared, any SQLDatabase) async throws -> T) async throws -> Response {
        try await perform(store, status: status, prepareIsRepeatable: prepareIsRepeatable, prepare: prepare) { prepared, store, claim in
            try await store.transaction { sql in
                let value = try await work(prepared, sql)
                guard let store = try claim.statement(for: value) else { return value }
                try claim.stored(try await sql.claimed(store.unconditional))
                return value
            }
        }
    }

    /// The one way a request with a key is carried out: answers with the stored response when this
    /// key was used before; otherwise runs `prepare` (its checks and reads, outside any
    /// transaction), then `work`, which makes its own money transactions on `store` and stores the
    /// key with `claim` (``KeyClaim/statement(for:)`` or ``KeyClaim/answer(for:)``) among its own
    /// writes, telling `claim` whether that stored it (``KeyClaim/stored(_:)``): a bet, in its
    /// ledger statement; a completed deposit, in its one statement. A `work` that does not (a
    /// payment concluded later, or refused by its provider) has the key stored after its writes,
    /// with the response, in a statement of its own. Should another request with the key get there
    /// first, its stored response is the answer.
    ///
    /// A `prepare` that a repeated request may run again harmlessly (`prepareIsRepeatable`: a bet's
    /// reads; a payment's, whose `work` records what it does under ``operationID``) is not worth a
    /// look for a stored response first: a repeat runs it again and then finds the key stored (or,
    /// if it or `work` now refuses, looks then). A payment's repeat that finds no key stored (sent
    /// before the first was answered, or after the server stopped in between) finds the payment by
    /// its id and carries it on from where it stands; the provider is asked only about a payment
    /// still unanswered, so a repeat sent once the first has answered never reaches it again.
    /// Simultaneous sends, or a repeat of one whose answer was lost, may each ask, all under one
    /// ``operationID``, about the one payment recorded, and only one's outcome is recorded. A repeat
    /// of a refused payment finds no payment, and records none (the payment's first write holds
    /// only while the key is ``unanswered``): its answer is the stored refusal.
    func perform<Prepared: Sendable, T: Encodable & Sendable>(
        _ store: Store, status: HTTPStatus = .created, prepareIsRepeatable: Bool = false, prepare: () async throws -> Prepared,
        claimingKey work: @escaping @Sendable (Prepared, Store, KeyClaim) async throws -> T) async throws -> Response {
        if !prepareIsRepeatable, let stored = try await replay(on: store) { return stored }
        if key != nil && Int.random(in: 0..<500) == 0 { try? await Self.sweep(store, now: now) }
        let prepared: Prepared
        do {
            prepared = try await prepare()
        } catch {
            // What was fine the first time may be refused now (the game has closed): a repeat still gets the first answer.
            if prepareIsRepeatable, let stored = try await replay(on: store) { return stored }
            return try await refused(error, store)
        }
        for _ in 0..<3 {
            let claim = KeyClaim(request: self, status: status)
            let value: T
            do {
                value = try await work(prepared, store, claim)
            } catch is KeyTaken {
                if let stored = try await replay(on: store) { return stored }
                continue
            } catch {
                // Refused now (the money has since been spent), but this key was used before: its first answer stands.
                if key != nil, let stored = try await replay(on: store) { return stored }
                return try await refused(error, store)
            }
            if claim.isStored, let body = claim.body { return Self.response(status, body) }
            let body = try String(decoding: PlayhouseJSON.makeEncoder().encode(value), as: UTF8.self)
            if key != nil, try await !store.write({ sql in try await self.store(status, body, sql) }), let stored = try await replay(on: store) {
                return stored
            }
            return Self.response(status, body)
        }
        throw PlayhouseProblem(.conflict, .idempotencyKeyReused)
    }

    /// The answer to a request that `error` ended. A refusal (a 4xx problem) of a request with a
    /// key is stored as that key's answer, so that every repeat gets it; should another send of the
    /// request have stored an answer first, that one is the answer. Anything else is rethrown.
    private func refused(_ error: any Error, _ store: Store) async throws -> Response {
        guard key != nil, let problem = error as? PlayhouseProblem, (400..<500).contains(problem.status.code),
              problem.code != .idempotencyKeyReused else { throw error }
        let response = ProblemMiddleware.render(problem, localizer: localizer, requestID: requestID, path: path)
        let body = response.body.string ?? ""
        if try await store.write({ sql in try await self.store(problem.status, body, sql) }) { return response }
        if let stored = try await replay(on: store) { return stored }
        throw error
    }

    /// Makes the write that stores the key with a money transaction's answer, for the transaction
    /// to make among its own (``Ledger/Insert``); and keeps the answer's JSON, to send, and whether
    /// the key was stored.
    final class KeyClaim: Sendable {
        private let request: IdempotentRequest
        private let status: HTTPStatus
        private let state = NIOLockedValueBox<(body: String?, stored: Bool)>((nil, false))

        fileprivate init(request: IdempotentRequest, status: HTTPStatus) {
            self.request = request
            self.status = status
        }

        /// The write that stores the key with `value` as the answer unless another request has
        /// stored the key first; nil without a key.
        func statement(for value: some Encodable) throws -> Ledger.Insert? {
            try answer(for: value).map(request.insert)
        }

        /// The key with `value` as its answer, as values, for a statement that writes many
        /// movements' keys together (``StoredAnswer/claims(from:)``); nil without a key.
        func answer(for value: some Encodable) throws -> StoredAnswer? {
            let body = try String(decoding: PlayhouseJSON.makeEncoder().encode(value), as: UTF8.self)
            state.withLockedValue { $0.body = body }
            return request.answer(status, body)
        }

        /// Says whether the write of ``statement(for:)`` stored the key; throws ``KeyTaken`` when
        /// another request had.
        func stored(_ claimed: Bool) throws {
            guard claimed else { throw KeyTaken() }
            state.withLockedValue { $0.stored = true }
        }

        /// The answer's JSON, once ``statement(for:)`` made it.
        fileprivate var body: String? { state.withLockedValue { $0.body } }
        /// Whether the key was stored with the answer.
        fileprivate var isStored: Bool { state.withLockedValue { $0.stored } }
    }

    /// A key and its answer, as a row of `idempotency_keys` holds them (its app is the movement's).
    struct StoredAnswer: Sendable {
        var id: UUID
        var owner: String
        var key: String
        var fingerprint: String
        var status: Int
        var body: String

        /// In a statement that writes many movements (``CombinedWrites``), the arguments of `unnest`
        /// that give each movement's row the columns ``columns``; an empty key stands for none.
        static func arrays(_ answers: [StoredAnswer?]) -> SQLQueryString {
            """
            \(bind: answers.map { $0?.id ?? UUID.random() }), \(bind: answers.map { $0?.owner ?? none }), \(bind: answers.map { $0?.key ?? none }),
            \(bind: answers.map { $0?.fingerprint ?? none }), \(bind: answers.map { $0?.status ?? 0 }), \(bind: answers.map { $0?.body ?? none })
            """
        }

        /// The names ``arrays(_:)``'s columns take.
        static let columns: SQLQueryString = "key_id, key_owner, idempotency_key, fingerprint, status, body"

        /// The key of a movement without one, in ``arrays(_:)``.
        static let none = ""

        /// Whether the movement of `row` (an alias of a row with ``columns`` and `app_id`) has no key,
        /// or one that has no answer yet: a subquery per row, which reads the key's index.
        static func unanswered(_ row: String) -> SQLQueryString {
            """
            (\(unsafeRaw: row).idempotency_key = \(bind: none) OR (
                SELECT k.id FROM idempotency_keys k WHERE k.app_id = \(unsafeRaw: row).app_id AND k.owner = \(unsafeRaw: row).key_owner
                    AND k.idempotency_key = \(unsafeRaw: row).idempotency_key LIMIT 1) IS NULL)
            """
        }

        /// The write that stores the keys of the movements of `rows` (a part of the statement, with
        /// ``columns``, `app_id` and `at`), each unless another request stored it first; it returns
        /// the `id` (`key_id`) of each it stores.
        static func claims(from rows: String) -> SQLQueryString {
            """
            INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at)
            SELECT key_id, app_id, key_owner, idempotency_key, fingerprint, status, body, at FROM \(unsafeRaw: rows)
            WHERE idempotency_key <> \(bind: none)
            ON CONFLICT (app_id, owner, idempotency_key) DO NOTHING RETURNING id
            """
        }
    }

    /// Another request stored the key first; this one's transaction rolls back.
    private struct KeyTaken: Error {}

    /// The value a ``perform(_:status:prepareIsRepeatable:prepare:claimingKey:)`` response carries, for a caller that shows it
    /// (a hosted page), first time or replayed; a refusal is thrown as ``Refusal``.
    static func value<T: Decodable>(of response: Response, as type: T.Type) throws -> T {
        let body = Data(buffer: response.body.buffer ?? ByteBuffer())
        if response.status.code >= 400 {
            throw Refusal(status: response.status, problem: try PlayhouseJSON.makeDecoder().decode(Problem.self, from: body))
        }
        return try PlayhouseJSON.makeDecoder().decode(T.self, from: body)
    }

    /// A request's refusal, as its answer carries it, first time or replayed.
    struct Refusal: Error {
        var status: HTTPStatus
        var problem: Problem

        /// The detail and each field's message, as ``PlayhouseProblem/text(_:)`` puts them.
        var text: String {
            (problem.errors ?? []).reduce(problem.detail ?? problem.title) { $0 + " \($1.field): \($1.message)" }
        }
    }

    private static func response(_ status: HTTPStatus, _ json: String) -> Response {
        Response(status: status, headers: ["Content-Type": HTTPHeaders.jsonContentType, "Cache-Control": "no-store"],
                 body: .init(string: json))
    }

    /// Stores the key with this request's response; false when another request stored it first.
    private func store(_ status: HTTPStatus, _ body: String, _ sql: any SQLDatabase) async throws -> Bool {
        guard let answer = answer(status, body) else { return true }
        return try await sql.claimed(insert(answer).unconditional)
    }

    /// This request's key with `body` as its answer; nil without a key.
    private func answer(_ status: HTTPStatus, _ body: String) -> StoredAnswer? {
        key.map { StoredAnswer(id: UUID.random(), owner: owner, key: $0, fingerprint: fingerprint, status: Int(status.code), body: body) }
    }

    /// The write that stores `answer`, returning a row unless another request stored the key first.
    private func insert(_ answer: StoredAnswer) -> Ledger.Insert {
        Ledger.Insert(
            insert: "INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at)",
            values: """
                \(bind: answer.id), \(bind: appID), \(bind: answer.owner), \(bind: answer.key), \(bind: answer.fingerprint), \(bind: answer.status),
                \(bind: answer.body), \(bind: now)
                """,
            onConflict: "ON CONFLICT (app_id, owner, idempotency_key) DO NOTHING RETURNING id")
    }

    /// Forgets keys older than the retention period, but those of a player's list operations,
    /// which the lists forget with their tombstones (``forgetListAnswers(before:_:)``).
    static func sweep(_ store: Store, now: Date) async throws {
        let cutoff = now.addingTimeInterval(-retention)
        try await store.write { sql in
            try await sql.raw(forgettingKeys(before: cutoff)).run()
        }
    }
}

/// The answers of a batch whose operations each carry their own key (a list operation's mutation
/// id), kept as a request's are: in `idempotency_keys`, each with the fingerprint of what it
/// answered, so that an operation sent again gets its first answer, and the same id with another
/// operation is told so.
extension IdempotentRequest {
    /// The owner of a player's list operations' answers: apart from their requests' keys, and
    /// kept as long as the lists keep their tombstones.
    static func owner(listsOf playerID: UUID) -> String { listsOwnerPrefix + playerID.uuidString.lowercased() }
    /// The player of a list answers' owner (``owner(listsOf:)``).
    static func player(ofListsOwner owner: String) -> UUID? {
        owner.hasPrefix(listsOwnerPrefix) ? UUID(uuidString: String(owner.dropFirst(listsOwnerPrefix.count))) : nil
    }
    private static let listsOwnerPrefix = "lists:"

    /// The rows of list operations' answers, and of requests' keys: each kind has its index by age
    /// (``SplitIdempotencyKeyAgeIndex``), which a statement uses when it says this, word for word.
    static let isListAnswer: SQLQueryString = "owner LIKE '\(unsafeRaw: listsOwnerPrefix)%'"
    static let isRequestKey: SQLQueryString = "owner NOT LIKE '\(unsafeRaw: listsOwnerPrefix)%'"

    /// The statement that forgets the requests' keys stored before `cutoff` (``sweep(_:now:)``).
    static func forgettingKeys(before cutoff: Date) -> SQLQueryString {
        "DELETE FROM idempotency_keys WHERE created_at < \(bind: cutoff) AND \(isRequestKey)"
    }

    /// The statement that forgets the list operations' answers stored before `cutoff`.
    static func forgettingListAnswers(before cutoff: Date) -> SQLQueryString {
        "DELETE FROM idempotency_keys WHERE created_at < \(bind: cutoff) AND \(isListAnswer)"
    }

    /// What makes a value (an operation of a batch) the same one: its JSON with sorted keys, hashed.
    static func fingerprint(of value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return SecretToken.hex(SHA256.hash(data: (try? encoder.encode(value)) ?? Data()))
    }

    /// The answers stored under those of `keys` that `owner` of `app` used before.
    static func storedAnswers(app: UUID, owner: String, keys: [String], _ sql: any SQLDatabase) async throws -> [String: StoredAnswer] {
        guard !keys.isEmpty else { return [:] }
        var answers: [String: StoredAnswer] = [:]
        for row in try await sql.raw("""
            SELECT id, idempotency_key, fingerprint, status, body FROM idempotency_keys
            WHERE app_id = \(bind: app) AND owner = \(bind: owner) AND idempotency_key IN (\(binds: keys))
            """).all() {
            let key = try row.decode(column: "idempotency_key", as: String.self)
            answers[key] = StoredAnswer(id: try row.decode(column: "id", as: UUID.self), owner: owner, key: key,
                                        fingerprint: try row.decode(column: "fingerprint", as: String.self),
                                        status: try row.decode(column: "status", as: Int.self), body: try row.decode(column: "body", as: String.self))
        }
        return answers
    }

    /// Stores `answers`, new keys of `app`, in one statement, in the caller's transaction.
    static func store(_ answers: [StoredAnswer], app: UUID, at now: Date, _ sql: any SQLDatabase) async throws {
        guard !answers.isEmpty else { return }
        let rows = answers.map { answer -> SQLQueryString in
            """
            (\(bind: answer.id), \(bind: app), \(bind: answer.owner), \(bind: answer.key), \(bind: answer.fingerprint), \(bind: answer.status),
             \(bind: answer.body), \(bind: now))
            """
        }
        try await sql.raw("""
            INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at)
            VALUES \(rows.joined(separator: ", "))
            """).run()
    }

    /// How many answers `owner` of `app` has stored, and when the last was.
    static func storedAnswerCount(app: UUID, owner: String, _ sql: any SQLDatabase) async throws -> (count: Int, last: Date?) {
        let row = try await sql.raw("""
            SELECT MAX(created_at) AS last, COUNT(*) AS n FROM idempotency_keys WHERE app_id = \(bind: app) AND owner = \(bind: owner)
            """).first()
        return (try row?.decode(column: "n", as: Int.self) ?? 0, try row?.decode(column: "last", as: Date?.self))
    }

    /// How many answers to list operations the players of `app` have stored.
    static func listAnswerCount(app: UUID, _ sql: any SQLDatabase) async throws -> Int {
        try await sql.raw("""
            SELECT COUNT(*) AS n FROM idempotency_keys WHERE app_id = \(bind: app) AND \(isListAnswer)
            """).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Forgets the answers to list operations stored before `cutoff`; answers how many went.
    static func forgetListAnswers(before cutoff: Date, _ sql: any SQLDatabase) async throws -> Int {
        try await sql.raw("\(forgettingListAnswers(before: cutoff)) RETURNING 1 AS gone").all().count
    }

    /// Keeps `answers`, each of its app and stored at its time elsewhere before (a migration's), in
    /// one statement; a key stored already keeps its answer.
    static func carryOver(_ answers: [(answer: StoredAnswer, app: UUID, at: Date)], _ sql: any SQLDatabase) async throws {
        guard !answers.isEmpty else { return }
        let rows = answers.map { row -> SQLQueryString in
            """
            (\(bind: row.answer.id), \(bind: row.app), \(bind: row.answer.owner), \(bind: row.answer.key), \(bind: row.answer.fingerprint),
             \(bind: row.answer.status), \(bind: row.answer.body), \(bind: row.at))
            """
        }
        try await sql.raw("""
            INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at)
            VALUES \(rows.joined(separator: ", ")) ON CONFLICT (app_id, owner, idempotency_key) DO NOTHING
            """).run()
    }

    /// Every answer to a list operation, a page at a time after `after` (an id), for a migration
    /// that carries them back.
    static func listAnswersPage(after: UUID?, limit: Int, _ sql: any SQLDatabase) async throws -> [(answer: StoredAnswer, app: UUID, at: Date)] {
        let from: SQLQueryString = after.map { "AND id > \(bind: $0)" } ?? ""
        return try await sql.raw("""
            SELECT id, app_id, owner, idempotency_key, fingerprint, status, body, created_at FROM idempotency_keys
            WHERE \(isListAnswer) \(from) ORDER BY id LIMIT \(unsafeRaw: String(limit))
            """).all().map { row in
            (StoredAnswer(id: try row.decode(column: "id", as: UUID.self), owner: try row.decode(column: "owner", as: String.self),
                          key: try row.decode(column: "idempotency_key", as: String.self),
                          fingerprint: try row.decode(column: "fingerprint", as: String.self), status: try row.decode(column: "status", as: Int.self),
                          body: try row.decode(column: "body", as: String.self)),
             try row.decode(column: "app_id", as: UUID.self), try row.decode(column: "created_at", as: Date.self))
        }
    }

    /// Forgets every answer kept for the player: their requests' and their list operations' (a
    /// deleted account's, ``WalletService/close(app:playerID:reference:now:on:)``).
    static func forgetAnswers(ofPlayer playerID: UUID, app: UUID, _ sql: any SQLDatabase) async throws {
        try await sql.raw("""
            DELETE FROM idempotency_keys WHERE app_id = \(bind: app) AND owner IN (\(bind: owner(playerID)), \(bind: owner(listsOf: playerID)))
            """).run()
    }

    /// Forgets every answer to a list operation (a migration's revert, once it carried them back).
    static func forgetAllListAnswers(_ sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM idempotency_keys WHERE \(isListAnswer)").run()
    }
}
