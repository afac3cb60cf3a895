#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// The delegate of the Linux ``URLSessionTransport``'s own session: collects each task's response
/// and body, and declines authentication challenges so that a `401` arrives as a response.
///
/// A `401` with `WWW-Authenticate` raises a challenge in swift-corelibs-foundation; "default
/// handling" with no stored credential then neither retries nor completes the task
/// (swift-corelibs-foundation#5456), so the request would hang forever. Declining the challenge
/// cancels the task instead, and the response and body that had already arrived are handed on.
final class SessionTaskReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Justification for @unchecked: all mutable state is in `tasks`, read and written under `lock`.
    private struct Pending {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>
        var response: URLResponse?
        var body = Data()
        var sawChallenge = false
    }

    private let lock = NSLock()
    private var tasks: [Int: Pending] = [:]

    /// Runs `request` as a data task on `session` (whose delegate is this receiver).
    ///
    /// Cancelled, it throws `CancellationError` at once and drops the task's answer when it comes;
    /// the running task is left to finish (a long poll keeps its connection until the server
    /// answers, 20 s at most): swift-corelibs-foundation crashes the process ("Trying to access a
    /// behaviour for a task that in not in the registry") when a task's `cancel()` races its
    /// completion. A task cancelled before it started is cancelled, as nothing can complete it meanwhile.
    func send(_ request: URLRequest, on session: URLSession) async throws -> (Data, URLResponse) {
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = lock.withLock {
                    if Task.isCancelled { return true }
                    tasks[id] = Pending(continuation: continuation)
                    return false
                }
                if cancelled {
                    task.cancel()
                    continuation.resume(throwing: CancellationError())
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            lock.withLock { tasks.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    private func update(_ task: URLSessionTask, _ change: (inout Pending) -> Void) {
        lock.withLock {
            guard var pending = tasks[task.taskIdentifier] else { return }
            change(&pending)
            tasks[task.taskIdentifier] = pending
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        update(dataTask) { $0.response = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        update(dataTask) { $0.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        update(task) { $0.sawChallenge = true }
        completionHandler(challenge.proposedCredential == nil ? .cancelAuthenticationChallenge : .performDefaultHandling, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let pending = lock.withLock({ tasks.removeValue(forKey: task.taskIdentifier) }) else { return }
        let response = pending.response ?? task.response
        if let error, !(pending.sawChallenge && response != nil) {
            pending.continuation.resume(throwing: error)
        } else if let response {
            pending.continuation.resume(returning: (pending.body, response))
        } else {
            pending.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}
#endif
