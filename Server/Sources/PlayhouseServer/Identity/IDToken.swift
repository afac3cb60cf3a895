import Foundation
import JWTKit
import PlayhouseAPI
import Vapor

/// An OpenID Connect id_token the server issues: who signed in, for which app, when, with the
/// `nonce` the app sent, and the player's claims as `/oauth/userinfo` gives them (profile claims
/// with the `profile` scope), signed with the server's current key (``SigningKeys``).
struct IDToken: JWTPayload {
    var iss: IssuerClaim
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var iat: IssuedAtClaim
    var authTime: Int?
    var nonce: String?
    var name: String?
    var givenName: String?
    var email: String?
    var phoneNumber: String?
    var locale: String?
    var birthdate: String?
    var gender: String?

    /// How long an id_token is valid.
    static let lifetime: TimeInterval = 3600

    enum CodingKeys: String, CodingKey {
        case aud, authTime = "auth_time", birthdate, email, exp, gender, givenName = "given_name", iat, iss, locale, name, nonce,
            phoneNumber = "phone_number", sub
    }

    init(issuer: String, player: UserInfo, clientID: String, now: Date, authTime: Date?, nonce: String?) {
        iss = IssuerClaim(value: issuer)
        sub = SubjectClaim(value: player.sub)
        aud = AudienceClaim(value: [clientID])
        // Whole seconds: verifiers compare `iat` with their own clock in whole seconds, and a
        // fraction would put a token issued this second in their future.
        let issued = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        exp = ExpirationClaim(value: issued.addingTimeInterval(Self.lifetime))
        iat = IssuedAtClaim(value: issued)
        self.authTime = authTime.map { Int($0.timeIntervalSince1970) }
        self.nonce = nonce
        name = player.name
        givenName = player.givenName
        email = player.email
        phoneNumber = player.phoneNumber
        locale = player.locale
        birthdate = player.birthdate
        gender = player.gender
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }

    /// The claims `/oauth/userinfo` and id_tokens may carry, for discovery.
    static let claimsSupported = ["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "name", "given_name", "email", "phone_number",
                                  "locale", "birthdate", "gender"]

    /// Whether a grant of `scope` gets an id_token.
    static func isRequested(by scope: String) -> Bool { TokenService.scopes(scope).contains("openid") }
}

/// Issues id_tokens: the player's claims, signed with the server's current key.
struct IDTokenIssuer: Sendable {
    let players: PlayerService
    let keys: SigningKeys
    /// The server's public URL, the tokens' `iss`.
    let issuer: String

    /// The signed token for the player `playerID` of `app`, for a grant of `scope`.
    func issue(for playerID: UUID, app: AppRecord, scope: String, authTime: Date?, nonce: String?) async throws -> String {
        guard let player = try await players.find(playerID, appID: app.id) else { throw PlayhouseProblem.invalidGrant("code_invalid") }
        let claims = IDToken(issuer: issuer, player: player.userInfo(withProfile: TokenService.scopes(scope).contains("profile")),
                             clientID: app.clientID, now: keys.now, authTime: authTime, nonce: nonce)
        return try await keys.sign(claims)
    }
}
