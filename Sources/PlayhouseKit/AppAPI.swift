import Foundation
import PlayhouseAPI

/// The calling app: `client.app`.
public struct AppAPI: Sendable {
    let api: APIClient

    /// The app this client's credentials belong to: name, environment, scopes.
    public func current() async throws(PlayhouseError) -> AppInfo {
        try await api.caller("GET", APIPath.app)
    }

    /// Completion-handler form of ``current()``; `completion` runs on the main queue.
    public func current(completion: @escaping @MainActor @Sendable (Result<AppInfo, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> AppInfo in try await current() }
    }
}
