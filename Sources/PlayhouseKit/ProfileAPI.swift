import Foundation
import PlayhouseAPI

/// The signed-in player's profile: `client.profile`. Needs the `profile` scope.
public struct ProfileAPI: Sendable {
    let api: APIClient

    /// The profile: names, birth date, gender, locale, email, phone, invite code.
    public func get() async throws(PlayhouseError) -> PlayerProfile {
        try await api.player("GET", APIPath.me)
    }

    /// Changes the fields `update` carries; the server checks them all before changing any.
    public func update(_ update: ProfileUpdate) async throws(PlayhouseError) -> PlayerProfile {
        try await api.player("PATCH", APIPath.me, body: update)
    }

    /// Completion-handler form of ``get()``; `completion` runs on the main queue.
    public func get(completion: @escaping @MainActor @Sendable (Result<PlayerProfile, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> PlayerProfile in try await get() }
    }

    /// Completion-handler form of ``update(_:)``; `completion` runs on the main queue.
    public func update(_ update: ProfileUpdate, completion: @escaping @MainActor @Sendable (Result<PlayerProfile, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> PlayerProfile in try await self.update(update) }
    }
}
