/// Whether an app lives in the sandbox (test money, test players) or in production.
public enum AppEnvironment: String, Codable, Sendable, CaseIterable {
    case sandbox
    case production
}
