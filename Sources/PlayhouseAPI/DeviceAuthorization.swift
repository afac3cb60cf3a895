/// The answer of `POST /oauth/device_authorization` (RFC 8628 §3.2): what the device shows the
/// player, and the code it polls the token endpoint with.
public struct DeviceAuthorizationResponse: Codable, Sendable, Equatable {
    public var deviceCode: String
    /// The code the player types on the verification page, e.g. `BDWP-HQPK`.
    public var userCode: String
    public var verificationURI: String
    /// The verification page with the user code filled in (for a QR code).
    public var verificationURIComplete: String
    public var expiresIn: Int
    /// Seconds to wait between polls.
    public var interval: Int

    public init(deviceCode: String, userCode: String, verificationURI: String, verificationURIComplete: String,
                expiresIn: Int, interval: Int) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = expiresIn
        self.interval = interval
    }

    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code", expiresIn = "expires_in", interval, userCode = "user_code",
            verificationURI = "verification_uri", verificationURIComplete = "verification_uri_complete"
    }
}
