/// A stable, machine-readable error code, as sent in the `code` member of every problem body.
///
/// The set is open: a newer server may send codes this version does not name, and they still
/// decode and compare by their raw value.
public struct ErrorCode: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}

extension ErrorCode {
    // Request shape
    public static let invalidRequest: ErrorCode = "invalid_request"
    public static let malformedJSON: ErrorCode = "malformed_json"
    public static let validationFailed: ErrorCode = "validation_failed"
    public static let unsupportedMediaType: ErrorCode = "unsupported_media_type"
    public static let payloadTooLarge: ErrorCode = "payload_too_large"
    public static let notFound: ErrorCode = "not_found"
    public static let methodNotAllowed: ErrorCode = "method_not_allowed"
    public static let rateLimited: ErrorCode = "rate_limited"

    // Authentication (bearer tokens and OAuth clients, RFC 6749 §5.2 / RFC 6750 §3.1)
    public static let unauthorized: ErrorCode = "unauthorized"
    public static let invalidToken: ErrorCode = "invalid_token"
    public static let insufficientScope: ErrorCode = "insufficient_scope"
    public static let invalidClient: ErrorCode = "invalid_client"
    public static let invalidGrant: ErrorCode = "invalid_grant"
    public static let invalidScope: ErrorCode = "invalid_scope"
    public static let unsupportedGrantType: ErrorCode = "unsupported_grant_type"
    public static let unauthorizedClient: ErrorCode = "unauthorized_client"
    // Device authorization grant (RFC 8628 §3.5)
    public static let authorizationPending: ErrorCode = "authorization_pending"
    public static let slowDown: ErrorCode = "slow_down"
    public static let expiredToken: ErrorCode = "expired_token"
    public static let accessDenied: ErrorCode = "access_denied"
    /// The call acts for a player, and the token is an app token.
    public static let playerTokenRequired: ErrorCode = "player_token_required"
    /// The call is the developer's (client credentials), and the token is a player's.
    public static let appTokenRequired: ErrorCode = "app_token_required"

    // Players
    public static let emailTaken: ErrorCode = "email_taken"
    /// The phone number, email or provider account belongs to another player of the app (`identity` says which).
    public static let identityTaken: ErrorCode = "identity_taken"
    /// The player signs in with this kind of identity already (`identity` says which).
    public static let alreadyLinked: ErrorCode = "already_linked"
    /// The text message provider could not send the PIN.
    public static let smsFailed: ErrorCode = "sms_failed"

    // Wallet
    /// The amount is not a positive decimal with at most the currency's decimals (field errors say which).
    public static let invalidAmount: ErrorCode = "invalid_amount"
    /// The app has no currency with this code.
    public static let unknownCurrency: ErrorCode = "unknown_currency"
    /// The app may not use this economy (a sandbox app has only sandbox money), or the currency
    /// cannot be used this way (only real money is deposited and withdrawn).
    public static let economyNotAllowed: ErrorCode = "economy_not_allowed"
    public static let insufficientFunds: ErrorCode = "insufficient_funds"
    /// The `Idempotency-Key` was used before with a different request.
    public static let idempotencyKeyReused: ErrorCode = "idempotency_key_reused"
    public static let unknownPaymentMethod: ErrorCode = "unknown_payment_method"
    /// Real-money payments need a real payment provider, and this server has none configured.
    public static let realMoneyUnavailable: ErrorCode = "real_money_unavailable"
    /// The payment provider did not answer, or not within 15 seconds (502). The payment is recorded
    /// and pending; sending the request again with the same `Idempotency-Key` (as the SDK does by
    /// itself) finishes it, and so does the server by itself 30 seconds or so later.
    public static let paymentProviderUnavailable: ErrorCode = "payment_provider_unavailable"
    /// The deposit or withdrawal is no longer pending, so it cannot be cancelled.
    public static let paymentNotPending: ErrorCode = "payment_not_pending"
    public static let promotionNotFound: ErrorCode = "promotion_not_found"
    /// The promotion has expired or has not started yet.
    public static let promotionNotActive: ErrorCode = "promotion_not_active"
    public static let promotionAlreadyRedeemed: ErrorCode = "promotion_already_redeemed"
    /// Every redemption the promotion allows has been used.
    public static let promotionExhausted: ErrorCode = "promotion_exhausted"
    /// An owner's adjustment is reversed once, and a reversal is not reversed itself.
    public static let adjustmentNotReversible: ErrorCode = "adjustment_not_reversible"

    // Games
    public static let gameNotFound: ErrorCode = "game_not_found"
    /// A game definition the server cannot accept: the detail lists every problem.
    public static let invalidGameDefinition: ErrorCode = "invalid_game_definition"
    /// The operator has closed the game: no bets until it opens again.
    public static let gameClosed: ErrorCode = "game_closed"
    /// The wager is below the game's minimum or above its maximum.
    public static let wagerOutOfRange: ErrorCode = "wager_out_of_range"
    /// The bet names a payline the game does not have (or paylines for a wheel).
    public static let unknownPayline: ErrorCode = "unknown_payline"
    /// The game does not take bets in this currency.
    public static let currencyNotAllowed: ErrorCode = "currency_not_allowed"

    // Play sessions
    /// The token carries no play session (an app token, an unbacked token).
    public static let sessionNotFound: ErrorCode = "session_not_found"
    /// The play session ended or expired from inactivity: sign in again.
    public static let sessionExpired: ErrorCode = "session_expired"
    /// A reality check is due: bets are refused until the player acknowledges it.
    public static let realityCheckDue: ErrorCode = "reality_check_due"

    // Responsible play (the problem's `limit` names the limit)
    /// The deposit would take the player past a deposit limit.
    public static let depositLimitExceeded: ErrorCode = "deposit_limit_exceeded"
    /// The bet's stake would take the player past a loss limit.
    public static let lossLimitExceeded: ErrorCode = "loss_limit_exceeded"
    /// A loss limit is used up (a reason of `can-i-gamble`).
    public static let lossLimitReached: ErrorCode = "loss_limit_reached"
    /// The play session has lasted as long as the player's session time limit allows.
    public static let sessionTimeLimitReached: ErrorCode = "session_time_limit_reached"
    /// The player chose a cool-off: no deposits or bets until it ends.
    public static let coolingOff: ErrorCode = "cooling_off"
    /// The player excluded themselves: no deposits or bets until the date.
    public static let selfExcluded: ErrorCode = "self_excluded"
    /// A cool-off or self-exclusion cannot be shortened or lifted early.
    public static let limitLocked: ErrorCode = "limit_locked"
    /// The app has a minimum age and the player's profile has no birth date.
    public static let profileIncomplete: ErrorCode = "profile_incomplete"
    /// The player is younger than the app's minimum age.
    public static let underMinimumAge: ErrorCode = "under_minimum_age"

    // Batch
    /// The batch cannot run: too many sub-requests, a duplicate or unknown name, a cycle, a path
    /// outside the API, a reference to a sub-request it does not depend on. Nothing ran.
    public static let invalidBatch: ErrorCode = "invalid_batch"
    /// A sub-request was not run because one it depends on failed.
    public static let failedDependency: ErrorCode = "failed_dependency"
    /// A sub-request refers to a value its dependency's answer does not have.
    public static let unresolvedReference: ErrorCode = "unresolved_reference"

    // Catalogs
    /// A catalog file cannot be imported; `detail` names every problem. Nothing was stored.
    public static let invalidCatalog: ErrorCode = "invalid_catalog"

    // Game data
    /// Game data cannot be imported; `detail` names every problem, with its file. Nothing was stored.
    public static let invalidGameData: ErrorCode = "invalid_game_data"
    /// A player's profile document cannot be stored; `detail` names every problem. Nothing was stored.
    public static let invalidProfileDocument: ErrorCode = "invalid_profile_document"

    // Content
    /// A content file cannot be imported; `detail` names every problem. Nothing was stored.
    public static let invalidContent: ErrorCode = "invalid_content"
    /// An event names an impression this server did not make for this caller, or one over a day old.
    public static let unknownImpression: ErrorCode = "unknown_impression"
    /// The unit grants no reward.
    public static let notAReward: ErrorCode = "not_a_reward"
    /// The reward's campaign has been shown (and taken) as often as its caps allow.
    public static let contentCapReached: ErrorCode = "content_cap_reached"
    /// The player has no reward receipt with that id.
    public static let receiptNotFound: ErrorCode = "receipt_not_found"

    // Shopping lists (a refused operation's problem, or the change feed's)
    /// No list with that id that the caller sees.
    public static let listNotFound: ErrorCode = "list_not_found"
    /// No item with that id in a list the caller sees.
    public static let listItemNotFound: ErrorCode = "list_item_not_found"
    /// The caller's access to the list is not enough (`access` parameter: what it takes).
    public static let listAccessRequired: ErrorCode = "list_access_required"
    /// The list or item id is used already, by another list or player.
    public static let listIDTaken: ErrorCode = "list_id_taken"
    /// Lists per player, items per list or shares per list are at their limit.
    public static let listLimitReached: ErrorCode = "list_limit_reached"
    /// No share of the list for the caller (or no such invitation) to answer.
    public static let listShareNotFound: ErrorCode = "list_share_not_found"
    /// The list's creator cannot leave it; they may delete it.
    public static let listOwnerCannotLeave: ErrorCode = "list_owner_cannot_leave"
    /// `after` names no item of the moved item's list.
    public static let listAnchorNotFound: ErrorCode = "list_anchor_not_found"
    /// The mutation id was used before for another operation.
    public static let mutationIDReused: ErrorCode = "mutation_id_reused"
    /// The change feed no longer goes back to that cursor: start again from a snapshot (410).
    public static let cursorExpired: ErrorCode = "cursor_expired"
    /// No player of the app with that id or email.
    public static let playerNotFound: ErrorCode = "player_not_found"

    // A player's account deleted
    /// The call needs a sign-in from the last few minutes (`max_age` parameter: how many seconds):
    /// sign the player in again, then call it again.
    public static let reauthenticationRequired: ErrorCode = "reauthentication_required"
    /// The player holds real money (`balances` parameter: the amounts): it is withdrawn first.
    public static let realMoneyInWallet: ErrorCode = "real_money_in_wallet"
    /// A deposit or withdrawal of the player's is not finished yet: it is finished first.
    public static let paymentsOpen: ErrorCode = "payments_open"

    // The console and its admin API (operators, not players)
    /// The call needs a signed-in operator (the console's session cookie).
    public static let operatorSignInRequired: ErrorCode = "operator_sign_in_required"
    /// The operator's role may not do this (`permission` parameter: what it takes).
    public static let roleForbidden: ErrorCode = "role_forbidden"
    /// Wrong email or password, or an operator who has not accepted their invitation or is disabled.
    public static let operatorSignInFailed: ErrorCode = "operator_sign_in_failed"
    /// Too many failed sign-ins in a row: none is checked until `Retry-After` has passed.
    public static let operatorLocked: ErrorCode = "operator_locked"
    /// The operator signs in with a code of their authenticator app too: send it as `code`.
    public static let secondFactorRequired: ErrorCode = "second_factor_required"
    /// The operator's second factor is on already: it is reset from the command line, not replaced.
    public static let secondFactorOn: ErrorCode = "second_factor_on"
    /// The authenticator app's code is wrong, too old, or used already.
    public static let invalidSecondFactorCode: ErrorCode = "invalid_second_factor_code"
    /// A change without the session's CSRF token (`X-CSRF-Token`).
    public static let csrfRejected: ErrorCode = "csrf_rejected"
    /// Done signed in to the console only, not with an API token: making tokens, setting up a
    /// second factor, inviting operators.
    public static let consoleSessionRequired: ErrorCode = "console_session_required"
    /// An operator with that email exists already.
    public static let operatorExists: ErrorCode = "operator_exists"
    /// No operator with that id.
    public static let operatorNotFound: ErrorCode = "operator_not_found"
    /// The invitation is unknown, used, expired or withdrawn.
    public static let invitationNotFound: ErrorCode = "invitation_not_found"
    /// An operator cannot disable themselves.
    public static let cannotDisableYourself: ErrorCode = "cannot_disable_yourself"

    // Server side
    public static let internalError: ErrorCode = "internal_error"
    public static let serviceUnavailable: ErrorCode = "service_unavailable"
}
