import SQLKit
import Foundation
import JWTKit
import PlayhouseAPI
import Vapor

/// Federated sign-in (Kuggle's Facebook token, done as RFC 8693 token exchange): checks a token from
/// one of the app's providers, finds the player linked to that provider account, or creates one with
/// a profile made from the provider's data.
struct FederatedSignInService: Sendable {
    let store: Store
    let client: any Client
    let jwks: JWKSCache
    let now: Date
    let logger: Logger

    /// Why a provider token was refused (logged; the client only hears invalid_grant).
    struct Rejection: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// What the provider says about the person.
    struct Identity {
        var subject: String
        var email: String?
        var firstName: String?
        var name: String?
        var birthDate: String?
        var gender: Gender?
        var locale: String?
    }

    static let idTokenType = "urn:ietf:params:oauth:token-type:id_token"
    static let accessTokenType = "urn:ietf:params:oauth:token-type:access_token"
    static let jwtTokenType = "urn:ietf:params:oauth:token-type:jwt"

    /// What the client's read (``ClientAuthenticator/authenticate(form:allowPublic:along:)``) reads
    /// along for ``signIn(app:providerName:token:tokenType:found:with:scope:)``: the provider
    /// named, and the player linked to the account an id_token names (read before the token is
    /// checked, and used only once it checks out with that account).
    static func along(app: String, providerName: String?, token: String?) -> [ReadAlong] {
        let name = providerName.map { String($0.prefix(40)) }.flatMap { IdentityProviderService.isWellFormed(name: $0) ? $0 : nil } ?? ""
        let subject = token.flatMap(claimedSubject) ?? ""
        return [ReadAlong(columns: IdentityProvider.columns(.identityProvider), join: """
                    LEFT JOIN identity_providers \(SQLAlias.identityProvider) ON \(SQLAlias.identityProvider).app_id = \(unsafeRaw: app)
                        AND \(SQLAlias.identityProvider).name = \(bind: name)
                    """),
                ReadAlong(columns: "\(bind: subject) AS looked_up_subject, \(SQLAlias.federatedIdentity).player_id AS linked_player_id",
                          join: """
                    LEFT JOIN federated_identities \(SQLAlias.federatedIdentity) ON \(SQLAlias.federatedIdentity).provider_id = \(SQLAlias.identityProvider).id
                        AND \(SQLAlias.federatedIdentity).subject = \(bind: subject)
                    """)]
    }

    /// The `sub` a JWT's payload names (at most 255 characters, as stored), unchecked: what to look
    /// up before the token is verified; nil for a `sub` the database cannot hold as text (a NUL).
    static func claimedSubject(_ token: String) -> String? {
        // Split byte by byte, and read with the project's own JSON reader: splitting by characters
        // and Foundation's decoder each cost a few per cent of a token exchange.
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard token.utf8.count <= 8192, parts.count == 3, let payload = Data(base64URLEncoded: String(Substring(parts[1]))),
              case .string(let sub)? = (try? JSONValue(parsing: payload))?["sub"], !sub.utf8.contains(0) else { return nil }
        return String(sub.prefix(255))
    }

    /// Signs in the player linked to the provider account `token` proves, or signs a new player up
    /// with it, with a profile made from the provider's data. `found` is the row of the client's
    /// read with ``along(app:providerName:token:)``, which saves two reads; without it they are made here.
    func signIn(app: AppRecord, providerName: String, token: String, tokenType: String, found: (any SQLRow)? = nil, with signIn: PlayerSignIn,
                scope: String) async throws -> TokenResponse {
        let (provider, identity) = try await verify(app: app, providerName: providerName, token: token, tokenType: tokenType, found: found)
        let subject = String(identity.subject.prefix(255))
        // The first look uses the row read already if it looked up this account; a second (after a
        // simultaneous first sign-in) reads afresh.
        var readAlready: UUID??
        if let found, try found.decode(column: "provider_id", as: UUID?.self) == provider.id,
           try found.decode(column: "looked_up_subject", as: String.self) == subject {
            readAlready = .some(try found.decode(column: "linked_player_id", as: UUID?.self))
        }
        return try await signIn.tokens(app: app, scope: scope, existing: {
            if let player = readAlready {
                readAlready = nil
                return player
            }
            return try await linkedPlayer(provider: provider.id, subject: subject)
        }) {
            try await newPlayer(identity, subject: subject, provider: provider, app: app)
        }
    }

    /// Links the provider account `token` proves to the player (a guest, say), who can then sign in
    /// with it too. An account linked to another player already is refused.
    func link(app: AppRecord, playerID: UUID, providerName: String, token: String, tokenType: String) async throws {
        let (provider, identity) = try await verify(app: app, providerName: providerName, token: token, tokenType: tokenType, found: nil)
        let subject = String(identity.subject.prefix(255)), now = self.now
        if let linked = try await linkedPlayer(provider: provider.id, subject: subject) {
            guard linked == playerID else { throw PlayerLinks.identityTaken("subject_token") }
            return
        }
        do {
            try await store.transaction { sql in
                try await sql.raw(Self.linkStatement(provider: provider.id, subject: subject, playerID: playerID, now: now)).run()
                try await PlayerLinks.linked(playerID, at: now, on: sql)
            }
        } catch where Store.isConstraintViolation(error) {
            throw PlayerLinks.identityTaken("subject_token")
        }
    }

    /// The provider (from `found`, a row read with ``along(app:providerName:token:)``, or read here) and
    /// what its token says about the person, once the token checks out.
    private func verify(app: AppRecord, providerName: String, token: String, tokenType: String,
                        found: (any SQLRow)?) async throws -> (IdentityProvider, Identity) {
        let name = String(providerName.prefix(40))
        var provider = try found.flatMap { row in
            try row.decode(column: "provider_name", as: String?.self) == name ? try IdentityProvider(row: row, prefix: "provider_") : nil
        }
        if provider == nil && IdentityProviderService.isWellFormed(name: name) {
            provider = try await store.read { sql in
                try await sql.raw("SELECT \(IdentityProvider.columns) FROM identity_providers WHERE app_id = \(bind: app.id) AND name = \(bind: name)").first()
            }.map { try IdentityProvider(row: $0) }
        }
        guard let provider else { throw PlayhouseProblem.invalidRequest("unknown_provider", ["name": name]) }
        guard token.utf8.count <= 8192 else { throw PlayhouseProblem.invalidGrant("federated_token_invalid") }

        let identity: Identity
        do {
            switch provider.kind {
            case "oidc":
                guard tokenType == Self.idTokenType || tokenType == Self.jwtTokenType else {
                    throw PlayhouseProblem.invalidRequest("invalid_parameter", ["name": "subject_token_type"])
                }
                identity = try await openIDConnect(token, provider)
            default:
                guard tokenType == Self.accessTokenType else {
                    throw PlayhouseProblem.invalidRequest("invalid_parameter", ["name": "subject_token_type"])
                }
                identity = try await facebook(token, provider)
            }
        } catch let rejection as Rejection {
            logger.notice("federated token refused", metadata: ["provider": .string(provider.name), "reason": .string(rejection.description)])
            throw PlayhouseProblem.invalidGrant("federated_token_invalid")
        }
        return (provider, identity)
    }

    // MARK: - OpenID Connect

    struct IDToken: JWTPayload {
        var iss: IssuerClaim
        var sub: SubjectClaim
        var aud: AudienceClaim
        var exp: ExpirationClaim
        var iat: IssuedAtClaim?
        var nbf: NotBeforeClaim?
        var email: String?
        var emailVerified: Bool?
        var name: String?
        var givenName: String?
        var birthdate: String?
        var gender: String?
        var locale: String?

        enum CodingKeys: String, CodingKey {
            case aud, birthdate, email, emailVerified = "email_verified", exp, gender, givenName = "given_name", iat, iss,
                locale, name, nbf, sub
        }

        /// Claims are checked by ``FederatedSignInService`` against the server's clock.
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    private func openIDConnect(_ token: String, _ provider: IdentityProvider) async throws -> Identity {
        guard let jwksURI = provider.jwksURI, let issuer = provider.issuer else { throw Rejection("provider has no JWKS or issuer") }
        var payload: IDToken
        do {
            payload = try await jwks.keys(at: jwksURI, client: client, now: now).verify(token, as: IDToken.self)
        } catch is Rejection {
            throw Rejection("JWKS unavailable")
        } catch {
            // Perhaps the provider rotated its keys: fetch them again (rate-limited) and retry once.
            do {
                payload = try await jwks.keys(at: jwksURI, client: client, now: now, refresh: true).verify(token, as: IDToken.self)
            } catch {
                throw Rejection("signature: \(error)")
            }
        }
        guard payload.iss.value == issuer else { throw Rejection("issuer \(payload.iss.value)") }
        guard payload.aud.value.contains(provider.audience) else { throw Rejection("audience \(payload.aud.value)") }
        guard payload.exp.value > now else { throw Rejection("expired") }
        if let nbf = payload.nbf, nbf.value > now.addingTimeInterval(60) { throw Rejection("not yet valid") }
        if let iat = payload.iat, iat.value > now.addingTimeInterval(60) { throw Rejection("issued in the future") }
        return Identity(subject: payload.sub.value, email: payload.emailVerified == false ? nil : payload.email,
                        firstName: payload.givenName, name: payload.name, birthDate: payload.birthdate,
                        gender: payload.gender.flatMap(Gender.init(rawValue:)), locale: payload.locale)
    }

    // MARK: - Facebook-style

    struct DebugAnswer: Decodable {
        struct Data: Decodable {
            var appID: String?
            var isValid: Bool?
            var userID: String?
            var expiresAt: Int?
            enum CodingKeys: String, CodingKey {
                case appID = "app_id", expiresAt = "expires_at", isValid = "is_valid", userID = "user_id"
            }
        }
        var data: Data
    }

    struct Profile: Decodable {
        var id: String
        var email: String?
        var firstName: String?
        var name: String?
        /// `MM/DD/YYYY`.
        var birthday: String?
        var gender: String?
        enum CodingKeys: String, CodingKey {
            case birthday, email, firstName = "first_name", gender, id, name
        }
    }

    private func facebook(_ token: String, _ provider: IdentityProvider) async throws -> Identity {
        guard let introspection = provider.introspectionURL, let profileURL = provider.profileURL, let appToken = provider.appToken else {
            throw Rejection("provider is not fully configured")
        }
        let debug = try await fetch(DebugAnswer.self, introspection, ["input_token": token, "access_token": appToken]).data
        guard debug.isValid == true else { throw Rejection("token not valid") }
        guard debug.appID == provider.audience else { throw Rejection("token of another app") }
        if let expiry = debug.expiresAt, expiry != 0, Date(timeIntervalSince1970: TimeInterval(expiry)) <= now {
            throw Rejection("expired")
        }
        guard let userID = debug.userID else { throw Rejection("no user") }
        let profile = try await fetch(Profile.self, profileURL, ["fields": "id,first_name,name,birthday,gender,email", "access_token": token])
        guard profile.id == userID else { throw Rejection("profile of another user") }
        var birthDate: String?
        if let birthday = profile.birthday {
            let parts = birthday.split(separator: "/")
            if parts.count == 3 { birthDate = "\(parts[2])-\(parts[0])-\(parts[1])" }
        }
        return Identity(subject: userID, email: profile.email, firstName: profile.firstName, name: profile.name,
                        birthDate: birthDate, gender: profile.gender.flatMap(Gender.init(rawValue:)), locale: nil)
    }

    private func fetch<T: Decodable>(_ type: T.Type, _ url: String, _ query: [String: String]) async throws -> T {
        guard var components = URLComponents(string: url) else { throw Rejection("bad provider URL") }
        components.queryItems = (components.queryItems ?? []) + query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let address = components.string else { throw Rejection("bad provider URL") }
        let response: ClientResponse
        do { response = try await client.get(URI(string: address)) } catch { throw Rejection("provider unreachable") }
        guard response.status == .ok, let body = response.body, body.readableBytes <= 256 * 1024,
              let answer = try? JSONDecoder().decode(T.self, from: Data(buffer: body))
        else { throw Rejection("provider answered \(response.status.code)") }
        return answer
    }

    // MARK: - Linking

    /// The player the provider account is linked to, if any.
    private func linkedPlayer(provider: UUID, subject: String) async throws -> UUID? {
        try await store.read { sql in
            try await sql.raw("SELECT player_id FROM federated_identities WHERE provider_id = \(bind: provider) AND subject = \(bind: subject)").first()
        }?.decode(column: "player_id", as: UUID.self)
    }

    /// A new player with a profile from the provider's data, linked to the account. The provider's
    /// email is theirs unless another player of the app has it.
    private func newPlayer(_ identity: Identity, subject: String, provider: IdentityProvider, app: AppRecord) async throws -> PlayerSignIn.NewPlayer {
        var player = Player(appID: app.id, now: now)
        if let email = identity.email.flatMap(PlayerService.normalisedEmail),
           try await store.read({ sql in
               try await sql.raw("SELECT id FROM players WHERE app_id = \(bind: app.id) AND email = \(bind: email)").first()
           }) == nil {
            player.email = email
        }
        player.firstName = identity.firstName.map { String($0.prefix(50)) }
        player.displayName = identity.name.map { String($0.prefix(50)) }
        player.birthDate = identity.birthDate.flatMap { PlayerService.isValidBirthDate($0, today: now) ? $0 : nil }
        player.gender = identity.gender?.rawValue
        player.locale = identity.locale.flatMap { PlayerService.isValidLocale($0) ? $0 : nil }
        return PlayerSignIn.NewPlayer(id: player.id, statements: player.storing(also: [PlayerService.providerIdentifier(provider.id, subject: subject)]) + [
            Self.linkStatement(provider: provider.id, subject: subject, playerID: player.id, now: now),
        ])
    }

    private static func linkStatement(provider: UUID, subject: String, playerID: UUID, now: Date) -> SQLQueryString {
        """
        INSERT INTO federated_identities (id, provider_id, player_id, subject, created_at)
        VALUES (\(bind: UUID.random()), \(bind: provider), \(bind: playerID), \(bind: subject), \(bind: now))
        """
    }
}
