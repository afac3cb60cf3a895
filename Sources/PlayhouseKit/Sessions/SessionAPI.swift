import Foundation
import PlayhouseAPI

/// The signed-in player's play session: `client.session`. Betable's heartbeat, keep-alive and
/// reality-check acknowledgement, as calls. `client.auth.logout()` ends the session.
public struct SessionAPI: Sendable {
    let api: APIClient

    /// Whether the session is alive, when it expires, the reality check and the session's figures.
    public func current() async throws(PlayhouseError) -> PlaySessionStatus {
        try await api.player("GET", APIPath.currentSession)
    }

    /// Extends the session. `realityChecked: true` acknowledges a due reality check (the player chose
    /// Continue); `false` ends the session (the player chose Stop); nil only extends it.
    public func keepAlive(realityChecked: Bool? = nil) async throws(PlayhouseError) -> PlaySessionStatus {
        try await api.player("POST", APIPath.currentSession + "/keep-alive", body: KeepAliveRequest(realityChecked: realityChecked))
    }
}
