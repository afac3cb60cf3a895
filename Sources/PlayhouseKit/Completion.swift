import Foundation

/// Runs an async call and hands its result to `completion` on the main queue, as the classic
/// completion-handler APIs did.
func deliver<T: Sendable>(_ completion: @escaping @MainActor @Sendable (Result<T, PlayhouseError>) -> Void,
                          _ operation: @escaping @Sendable () async throws(PlayhouseError) -> T) {
    Task {
        let result: Result<T, PlayhouseError>
        do throws(PlayhouseError) {
            result = .success(try await operation())
        } catch {
            result = .failure(error)
        }
        await MainActor.run { completion(result) }
    }
}
