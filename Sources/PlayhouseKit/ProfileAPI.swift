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

    /// Every record the server holds about the player, as one document: their copy of their data
    /// (the GDPR's articles 15 and 20) to show or to save. Like ``AuthAPI/deleteAccount()``, it
    /// needs a sign-in from the last five minutes (`reauthentication_required` otherwise).
    public func exportData() async throws(PlayhouseError) -> PlayerDataExport {
        try await api.player("GET", APIPath.accountExport)
    }

    /// Completion-handler form of ``exportData()``; `completion` runs on the main queue.
    public func exportData(completion: @escaping @MainActor @Sendable (Result<PlayerDataExport, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> PlayerDataExport in try await exportData() }
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
