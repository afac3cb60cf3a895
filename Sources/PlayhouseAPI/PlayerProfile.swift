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
    public var createdAt: Date

    public init(id: String, ern: String, displayName: String?, firstName: String?, birthDate: String?, gender: Gender?,
                locale: String?, email: String?, phoneNumber: String?, inviteCode: String, profileComplete: Bool, createdAt: Date) {
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
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, ern, gender, locale, email
        case displayName = "display_name"
        case firstName = "first_name"
        case birthDate = "birth_date"
        case phoneNumber = "phone_number"
        case inviteCode = "invite_code"
        case profileComplete = "profile_complete"
        case createdAt = "created_at"
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
        case gender, locale, email
        case displayName = "display_name"
        case firstName = "first_name"
        case birthDate = "birth_date"
    }
}
