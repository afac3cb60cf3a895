/// The answer of `GET /healthz` and `GET /readyz`.
public struct HealthStatus: Codable, Sendable, Equatable {
    /// `ok` when healthy or ready, `unavailable` otherwise.
    public var status: String
    /// Per-dependency checks, e.g. `["database": "ok"]`.
    public var checks: [String: String]?

    public init(status: String, checks: [String: String]? = nil) {
        self.status = status
        self.checks = checks
    }
}
