import Foundation

/// How a player describes their gender on their profile.
public enum Gender: String, Codable, Sendable, CaseIterable {
    case female, male, other, undisclosed
}

/// A player's profile, as `GET /v1/me` answers it.
public struct PlayerProfile: Codable, Sendable, Equatable {
    public var id: String
    /// `ern:player:<id>`.
    public var ern: String
    public var displayName: String?
    public var firstName: String?
    /// A calendar date, `YYYY-MM-DD`.
    public var birthDate: String?
    public var gender: Gender?
    /// A BCP 47 language tag such as `da-DK`.
    public var locale: String?
    public var email: String?
    /// A verified phone number in E.164 form; set only by signing in with a phone PIN.
    public var phoneNumber: String?
    /// The player's own code to invite friends with.
    public var inviteCode: String
    /// Whether first name, birth date and gender are all filled in.
    public var profileComplete: Bool
    /// A guest: signed up by an installation of the app alone, with no email, phone number or
    /// provider account linked yet (linking one keeps the player, their wallet and their history).
    public var guest: Bool
    public var createdAt: Date

    public init(id: String, ern: String, displayName: String?, firstName: String?, birthDate: String?, gender: Gender?,
                locale: String?, email: String?, phoneNumber: String?, inviteCode: String, profileComplete: Bool, guest: Bool = false,
                createdAt: Date) {
        self.id = id
        self.ern = ern
        self.displayName = displayName
        self.firstName = firstName
        self.birthDate = birthDate
        self.gender = gender
        self.locale = locale
        self.email = email
        self.phoneNumber = phoneNumber
        self.inviteCode = inviteCode
        self.profileComplete = profileComplete
        self.guest = guest
        self.createdAt = createdAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        ern = try container.decode(String.self, forKey: .ern)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
        birthDate = try container.decodeIfPresent(String.self, forKey: .birthDate)
        gender = try container.decodeIfPresent(Gender.self, forKey: .gender)
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        phoneNumber = try container.decodeIfPresent(String.self, forKey: .phoneNumber)
        inviteCode = try container.decode(String.self, forKey: .inviteCode)
        profileComplete = try container.decode(Bool.self, forKey: .profileComplete)
        // A server from before guests has none.
        guest = try container.decodeIfPresent(Bool.self, forKey: .guest) ?? false
        createdAt = try container.decode(Date.self, forKey: .createdAt)
    }

    enum CodingKeys: String, CodingKey {
        case birthDate = "birth_date", createdAt = "created_at", displayName = "display_name", email, ern,
            firstName = "first_name", gender, guest, id, inviteCode = "invite_code", locale, phoneNumber = "phone_number",
            profileComplete = "profile_complete"
    }
}

/// The body of `PATCH /v1/me`: fields left out (or null) stay as they are.
public struct ProfileUpdate: Codable, Sendable, Equatable {
    public var displayName: String?
    public var firstName: String?
    /// `YYYY-MM-DD`.
    public var birthDate: String?
    public var gender: Gender?
    public var locale: String?
    public var email: String?

    public init(displayName: String? = nil, firstName: String? = nil, birthDate: String? = nil, gender: Gender? = nil,
                locale: String? = nil, email: String? = nil) {
        self.displayName = displayName
        self.firstName = firstName
        self.birthDate = birthDate
        self.gender = gender
        self.locale = locale
        self.email = email
    }

    enum CodingKeys: String, CodingKey {
        case birthDate = "birth_date", displayName = "display_name", email, firstName = "first_name", gender, locale
    }
}

/// The body of `POST /v1/me/links/phone`: the number and the PIN texted to it by `POST /v1/auth/phone/pin`.
public struct PhoneLink: Codable, Sendable, Equatable {
    public var phoneNumber: String
    public var pin: String

    public init(phoneNumber: String, pin: String) {
        self.phoneNumber = phoneNumber
        self.pin = pin
    }

    enum CodingKeys: String, CodingKey {
        case phoneNumber = "phone_number", pin
    }
}

/// The body of `POST /v1/me/links/provider`: a token of one of the app's sign-in providers, as
/// token exchange takes it (an OpenID Connect id_token, or a Facebook-style access token).
public struct ProviderLink: Codable, Sendable, Equatable {
    public var provider: String
    public var subjectToken: String
    public var subjectTokenType: String

    public init(provider: String, subjectToken: String, subjectTokenType: String) {
        self.provider = provider
        self.subjectToken = subjectToken
        self.subjectTokenType = subjectTokenType
    }

    enum CodingKeys: String, CodingKey {
        case provider
        case subjectToken = "subject_token"
        case subjectTokenType = "subject_token_type"
    }
}
