/// The body of `POST /v1/auth/phone/pin`: the number to text a sign-in PIN to.
public struct PinRequest: Codable, Sendable, Equatable {
    /// E.164, e.g. `+4512345678`.
    public var phoneNumber: String

    public init(phoneNumber: String) { self.phoneNumber = phoneNumber }

    enum CodingKeys: String, CodingKey { case phoneNumber = "phone_number" }
}

/// The answer of `POST /v1/auth/phone/pin`: the PIN is on its way.
public struct PinSent: Codable, Sendable, Equatable {
    /// Seconds the PIN stays valid.
    public var expiresIn: Int

    public init(expiresIn: Int) { self.expiresIn = expiresIn }

    enum CodingKeys: String, CodingKey { case expiresIn = "expires_in" }
}
