/// An RFC 9457 problem details body (`application/problem+json`), as every Playhouse error is sent.
public struct Problem: Codable, Sendable, Equatable {
    /// A URI naming the kind of problem (`https://playhouse.dev/problems/<code>` or `about:blank`).
    public var type: String
    /// A short, localised summary of the kind of problem.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// A localised explanation of this occurrence.
    public var detail: String?
    /// The stable machine code; switch on this, never on the text.
    public var code: ErrorCode
    /// The request id, also sent as the `X-Request-Id` header; quote it in support requests.
    public var requestID: String?
    /// Per-field validation errors, when the request body or query was invalid.
    public var errors: [FieldError]?
    /// The limit a refusal names (`deposit_limit.daily.EUR`, `loss_limit.weekly.EUR`,
    /// `session_time_limit_seconds`, `cool_off_until`, `self_excluded_until`).
    public var limit: String?
    /// The OAuth error code (RFC 6749 §5.2), present on `/oauth` endpoint errors.
    public var error: String?
    /// The OAuth error description, present on `/oauth` endpoint errors.
    public var errorDescription: String?

    public init(
        type: String, title: String, status: Int, detail: String? = nil, code: ErrorCode,
        requestID: String? = nil, errors: [FieldError]? = nil, limit: String? = nil, error: String? = nil, errorDescription: String? = nil
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.code = code
        self.requestID = requestID
        self.errors = errors
        self.limit = limit
        self.error = error
        self.errorDescription = errorDescription
    }

    enum CodingKeys: String, CodingKey {
        case code, detail, error, errorDescription = "error_description", errors, limit, requestID = "request_id", status, title,
            type
    }

    /// The media type of a problem body.
    public static let mediaType = "application/problem+json"
}

/// One invalid field of a request.
public struct FieldError: Codable, Sendable, Equatable {
    /// The field's name as sent on the wire: nested names joined by dots, an array's element by its
    /// index in brackets (`operations[1].count`).
    public var field: String
    /// A stable machine code for what is wrong (`required`, `too_long`, `invalid_format`, …).
    public var code: String
    /// A localised message.
    public var message: String

    public init(field: String, code: String, message: String) {
        self.field = field
        self.code = code
        self.message = message
    }
}
