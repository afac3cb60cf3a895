/// The answer of `GET /oauth/userinfo`: the signed-in player, with OpenID Connect claim names.
/// Profile claims are present only when the token carries the `profile` scope.
public struct UserInfo: Codable, Sendable, Equatable {
    /// The player id.
    public var sub: String
    public var name: String?
    public var givenName: String?
    public var email: String?
    public var phoneNumber: String?
    public var locale: String?
    public var birthdate: String?
    public var gender: String?
    /// Playhouse's own claim: true for a guest (signed up by an installation of the app alone,
    /// with nothing yet to sign in with elsewhere); absent otherwise.
    public var guest: Bool?

    public init(sub: String, name: String? = nil, givenName: String? = nil, email: String? = nil, phoneNumber: String? = nil,
                locale: String? = nil, birthdate: String? = nil, gender: String? = nil, guest: Bool? = nil) {
        self.sub = sub
        self.name = name
        self.givenName = givenName
        self.email = email
        self.phoneNumber = phoneNumber
        self.locale = locale
        self.birthdate = birthdate
        self.gender = gender
        self.guest = guest
    }

    enum CodingKeys: String, CodingKey {
        case birthdate, email, gender, givenName = "given_name", guest, locale, name, phoneNumber = "phone_number", sub
    }
}
