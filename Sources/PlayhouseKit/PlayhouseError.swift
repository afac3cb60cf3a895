import Foundation
import PlayhouseAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one error type of the SDK: a server problem or a transport failure.
///
/// Switch on ``code``: it is open, so codes a newer server adds still arrive intact.
public struct PlayhouseError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public typealias Code = ErrorCode

    /// The stable machine code: the server's `code`, or a transport code such as `timeout`.
    public var code: Code
    /// The HTTP status, when the server answered.
    public var status: Int?
    /// A human-readable message, localised by the server when it came from one.
    public var message: String
    /// The full problem body, when the server sent one.
    public var problem: Problem?

    public init(code: Code, status: Int? = nil, message: String, problem: Problem? = nil) {
        self.code = code
        self.status = status
        self.message = message
        self.problem = problem
    }

    /// The server's request id, to quote in support requests.
    public var requestID: String? { problem?.requestID }

    /// Per-field validation errors, when the server rejected the input.
    public var fieldErrors: [FieldError] { problem?.errors ?? [] }

    public var description: String {
        var text = "\(code.rawValue)"
        if let status { text += " (\(status))" }
        return text + ": " + message
    }

    public var errorDescription: String? { message }

    /// Failures that may go away by themselves: timeouts, lost connectivity, overloaded servers.
    public var isTransient: Bool {
        [.timeout, .offline, .serviceUnavailable, .rateLimited].contains(code) || (status.map { $0 >= 500 } ?? false)
    }
}

extension PlayhouseError.Code {
    /// The request took too long.
    public static let timeout: ErrorCode = "timeout"
    /// No network, or the server could not be reached.
    public static let offline: ErrorCode = "offline"
    /// The call was cancelled.
    public static let cancelled: ErrorCode = "cancelled"
    /// The server's answer could not be understood.
    public static let badResponse: ErrorCode = "bad_response"
    /// Another failure below HTTP.
    public static let transportFailed: ErrorCode = "transport_failed"
    /// The client is not configured for this call (e.g. no client secret for app tokens).
    public static let notConfigured: ErrorCode = "not_configured"
    /// The call needs a signed-in player, and there is none (or their sign-in has ended).
    public static let notSignedIn: ErrorCode = "not_signed_in"
    /// A sign-in redirect did not belong to a sign-in this client started (wrong or replayed `state`).
    public static let stateMismatch: ErrorCode = "state_mismatch"
    /// A sign-in redirect named another server as its issuer (RFC 9207).
    public static let issuerMismatch: ErrorCode = "issuer_mismatch"
}

extension PlayhouseError {
    /// Maps an error thrown by a transport.
    init(transportError error: any Error) {
        if let error = error as? PlayhouseError {
            self = error
            return
        }
        if error is CancellationError {
            self.init(code: .cancelled, message: "The request was cancelled.")
            return
        }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut:
                self.init(code: .timeout, message: "The request timed out.")
            case .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
                 .dnsLookupFailed, .dataNotAllowed, .internationalRoamingOff:
                self.init(code: .offline, message: "The server could not be reached: \(urlError.localizedDescription)")
            case .cancelled:
                self.init(code: .cancelled, message: "The request was cancelled.")
            default:
                self.init(code: .transportFailed, message: urlError.localizedDescription)
            }
            return
        }
        self.init(code: .transportFailed, message: String(describing: error))
    }

    /// Maps a non-2xx response, reading its problem body when there is one.
    init(response: HTTPResponse) {
        if let problem = try? PlayhouseJSON.makeDecoder().decode(Problem.self, from: response.body) {
            self.init(code: problem.code, status: response.status, message: problem.detail ?? problem.title, problem: problem)
        } else {
            let code: Code = switch response.status {
            case 401: .unauthorized
            case 404: .notFound
            case 429: .rateLimited
            case 503: .serviceUnavailable
            case 500...: .internalError
            default: .invalidRequest
            }
            self.init(code: code, status: response.status, message: HTTPURLResponse.localizedString(forStatusCode: response.status))
        }
    }
}

extension PlayhouseError {
    /// The server says the play session is over, or the player's credentials are gone for good.
    var meansSessionOver: Bool {
        [.sessionExpired, .sessionNotFound, .unauthorized, .invalidToken, .invalidGrant, .notSignedIn].contains(code)
    }
}
