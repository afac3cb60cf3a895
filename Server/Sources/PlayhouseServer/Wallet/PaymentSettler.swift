import NIOConcurrencyHelpers
import Vapor

/// Settles due payments in the background while the server runs (``PaymentService/settleDue(playerID:limit:)``
/// every `interval`), so that pending payments complete, and payments left with the provider are
/// concluded, even when no player looks. Every instance may run one: each payment settles once.
public final class PaymentSettler: LifecycleHandler, Sendable {
    let interval: Duration
    private let loop = NIOLockedValueBox<Task<Void, Never>?>(nil)

    public init(interval: Duration) {
        self.interval = interval
    }

    public func didBootAsync(_ application: Application) async throws {
        let interval = self.interval
        loop.withLockedValue { loop in
            loop = Task {
                while !Task.isCancelled {
                    do { try await Task.sleep(for: interval) } catch { return }
                    do {
                        var settled = 0
                        repeat { settled = try await application.payments.settleDue(limit: 200) } while settled == 200 && !Task.isCancelled
                    } catch {
                        application.logger.warning("Settling due payments failed; trying again later", metadata: ["error": "\(String(reflecting: error))"])
                    }
                }
            }
        }
    }

    public func shutdownAsync(_ application: Application) async {
        guard let task = loop.withLockedValue({ loop in defer { loop = nil }; return loop }) else { return }
        task.cancel()
        await task.value
    }
}
