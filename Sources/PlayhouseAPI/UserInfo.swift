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

    public init(sub: String, name: String? = nil, givenName: String? = nil, email: String? = nil, phoneNumber: String? = nil,
                locale: String? = nil, birthdate: String? = nil, gender: String? = nil) {
        self.sub = sub
        self.name = name
        self.givenName = givenName
        self.email = email
        self.phoneNumber = phoneNumber
        self.locale = locale
        self.birthdate = birthdate
        self.gender = gender
    }

    enum CodingKeys: String, CodingKey {
        case sub, name, email, locale, birthdate, gender
        case givenName = "given_name"
        case phoneNumber = "phone_number"
    }
}
