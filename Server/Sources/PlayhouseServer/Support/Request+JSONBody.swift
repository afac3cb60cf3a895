import Vapor

extension Request {
    /// Refuses a body that is not sent as JSON with the house's `415` (``ProblemMiddleware``): for
    /// calls that take JSON only (a form another site posts cannot reach them, and a raw JSON body
    /// is not read as anything else).
    func requireJSONBody() throws {
        guard headers.contentType == .json else { throw Abort(.unsupportedMediaType) }
    }
}
