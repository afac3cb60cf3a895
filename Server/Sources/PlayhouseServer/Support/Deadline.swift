import NIOConcurrencyHelpers

/// `work` did not finish within its time.
struct DeadlineExceeded: Error {}

/// Runs `work`, waiting for it at most `limit`: past that, the caller gets ``DeadlineExceeded``
/// at once, and `work` is cancelled and left to end on its own (a task group would wait for it).
func withDeadline<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    let answered = NIOLockedValueBox(false)
    let tasks = NIOLockedValueBox<(worker: Task<Void, Never>?, timer: Task<Void, Never>?)>((nil, nil))
    return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        /// Gives the caller its answer unless it has one already; true when this was the answer.
        @Sendable func answer(_ result: Result<T, any Error>) -> Bool {
            guard answered.withLockedValue({ done in defer { done = true }; return !done }) else { return false }
            continuation.resume(with: result)
            return true
        }
        let worker = Task {
            let result: Result<T, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            if answer(result) { tasks.withLockedValue { $0.timer }?.cancel() }
        }
        let timer = Task {
            do { try await Task.sleep(for: limit) } catch { return }
            if answer(.failure(DeadlineExceeded())) { tasks.withLockedValue { $0.worker }?.cancel() }
        }
        tasks.withLockedValue { $0 = (worker, timer) }
        if answered.withLockedValue({ $0 }) { timer.cancel() }
    }
}
