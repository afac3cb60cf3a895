import Foundation
import PlayhouseAPI

/// The default reality check: the hosted page (time played, net result, Continue, Check balance,
/// Stop) in the app's web view. The page acts on the choice itself; afterwards the session says
/// which it was.
public struct HostedRealityCheckPresenter: RealityCheckPresenter {
    public let pages: any WebPagePresenter

    public init(pages: any WebPagePresenter) {
        self.pages = pages
    }

    public func presentRealityCheck(_ status: PlaySessionStatus, session: SessionAPI) async throws -> RealityCheckChoice? {
        try await session.realityCheckPage(presenter: pages)
        do {
            let after = try await session.current()
            if !after.alive { return .stop }
            return after.realityCheck.due ? nil : .continuePlaying
        } catch let error where error.meansSessionOver {
            return .stop
        }
    }
}
