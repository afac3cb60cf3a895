import Foundation

/// The body of `POST /v1/batch`: up to 50 named sub-requests, run in dependency order.
///
/// A sub-request may use an earlier one's answer: anywhere in its `path` or in a string of its
/// `body`, `${name.path.to.value}` is replaced by that value of the named sub-request's result,
/// whose keys are `status` and `body` (array elements by index: `${bet.body.outcomes.0.payout}`).
/// A string that is only a reference takes the value itself (a number stays a number); inside
/// longer text it is written as text. A sub-request may only refer to those it `depends_on`.
public struct BatchRequestBody: Codable, Sendable, Equatable {
    public var requests: [BatchSubRequest]

    public init(requests: [BatchSubRequest]) { self.requests = requests }
}

/// One sub-request of a batch.
public struct BatchSubRequest: Codable, Sendable, Equatable {
    /// Unique in the batch: 1 to 64 letters, digits, `-` or `_`.
    public var name: String
    /// GET, POST, PUT, PATCH or DELETE.
    public var method: String
    /// A path of the API, such as `/v1/games/lucky-sevens/bet` (Betable's paths without `/v1` work too).
    public var path: String
    /// Names of sub-requests that must succeed first.
    public var dependsOn: [String]
    public var body: JSONValue?
    /// Sent as the sub-request's `Idempotency-Key`.
    public var idempotencyKey: String?

    public init(name: String, method: String, path: String, dependsOn: [String] = [], body: JSONValue? = nil, idempotencyKey: String? = nil) {
        self.name = name
        self.method = method
        self.path = path
        self.dependsOn = dependsOn
        self.body = body
        self.idempotencyKey = idempotencyKey
    }

    enum CodingKeys: String, CodingKey {
        case body, dependsOn = "depends_on", idempotencyKey = "idempotency_key", method, name, path, url
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        method = try container.decodeIfPresent(String.self, forKey: .method) ?? "GET"
        // Betable's wire key was `url`.
        let url = try container.decodeIfPresent(String.self, forKey: .url)
        guard let path = try container.decodeIfPresent(String.self, forKey: .path) ?? url else {
            throw DecodingError.keyNotFound(CodingKeys.path, .init(codingPath: decoder.codingPath, debugDescription: "a sub-request needs a path"))
        }
        self.path = path
        dependsOn = try container.decodeIfPresent([String].self, forKey: .dependsOn) ?? []
        body = try container.decodeIfPresent(JSONValue.self, forKey: .body)
        idempotencyKey = try container.decodeIfPresent(String.self, forKey: .idempotencyKey)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(method, forKey: .method)
        try container.encode(path, forKey: .path)
        try container.encode(dependsOn, forKey: .dependsOn)
        try container.encodeIfPresent(body, forKey: .body)
        try container.encodeIfPresent(idempotencyKey, forKey: .idempotencyKey)
    }
}

/// The answer to a batch: every sub-request's status and JSON body, in the order they were sent.
public struct BatchResponseBody: Codable, Sendable, Equatable {
    public var responses: [BatchSubResponse]

    public init(responses: [BatchSubResponse]) { self.responses = responses }
}

/// One sub-request's answer. A sub-request whose dependency failed is not run: 424.
public struct BatchSubResponse: Codable, Sendable, Equatable {
    public var name: String
    public var status: Int
    /// The JSON body, as JSON (not a string), or null when there was none.
    public var body: JSONValue

    public init(name: String, status: Int, body: JSONValue) {
        self.name = name
        self.status = status
        self.body = body
    }
}
