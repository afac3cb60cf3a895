import Foundation
import PlayhouseAPI

/// The player's answer to a reality check.
public enum RealityCheckChoice: String, Sendable, Equatable {
    /// Acknowledges the check; the next period starts.
    case continuePlaying = "continue"
    /// Shows the wallet page, then the check again.
    case checkBalance = "check_balance"
    /// Ends the session.
    case stop
}

/// Shows a reality check and returns the player's choice, or nil when they dismissed it without
/// choosing (it stays due, bets stay refused, and it is shown again at the next heartbeat).
public protocol RealityCheckPresenter: Sendable {
    func presentRealityCheck(_ status: PlaySessionStatus, session: SessionAPI) async throws -> RealityCheckChoice?
}
