import Foundation
import NIOConcurrencyHelpers
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

@Suite struct PhonePinTests {
    /// Asks for a PIN to `phone` with the app's token and reads it from the outbox.
    func requestPin(_ app: Application, _ token: String, _ phone: String = "+4512345678") async throws -> String {
        let response = try await app.send(.POST, "/v1/auth/phone/pin", headers: bearer(token).merged(json),
                                          body: #"{"phone_number":"\#(phone)"}"#)
        try #require(response.status == .accepted, "\(response.body.string)")
        #expect(try response.decode(PinSent.self).expiresIn == 600)
        let text = try #require(try await app.smsOutbox.messages(to: phone).first?.text)
        let range = try #require(text.range(of: #"[0-9]{6}"#, options: .regularExpression))
        return String(text[range])
    }

    func exchange(_ app: Application, _ credentials: AppCredentials, pin: String, phone: String = "+4512345678") async throws -> TestingHTTPResponse {
        try await app.postForm("/oauth/token", "grant_type=urn%3Aplayhouse%3Agrant-type%3Aphone-pin&phone_number=\(phone.replacingOccurrences(of: "+", with: "%2B"))&pin=\(pin)",
                               headers: basic(credentials))
    }

    @Test(arguments: Engine.available)
    func aPinSignsANewPlayerUpAndTheSamePlayerInLater(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp(name: "Kuggle")
            let token = try await app.appToken(credentials)
            let pin = try await requestPin(app, token)
            let text = try #require(try await app.smsOutbox.messages().first?.text)
            #expect(text == "Your Kuggle code is \(pin). It expires in 10 minutes.")

            let first = try await exchange(app, credentials, pin: pin)
            #expect(first.status == .ok)
            let tokens = try first.decode(TokenResponse.self)
            #expect(tokens.playerCreated == true)
            #expect(tokens.sessionID != nil)
            let profile = try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).decode(PlayerProfile.self)
            #expect(profile.phoneNumber == "+4512345678")

            // The PIN worked once.
            #expect(try await exchange(app, credentials, pin: pin).problem().code == .invalidGrant)

            let again = try await exchange(app, credentials, pin: try await requestPin(app, token)).decode(TokenResponse.self)
            #expect(again.playerCreated == false)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(again.accessToken)).decode(PlayerProfile.self).id == profile.id)
        }
    }

    @Test(arguments: Engine.available)
    func guessingIsCutOffAfterFiveWrongPins(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let pin = try await requestPin(app, try await app.appToken(credentials))
            let wrong = pin == "000000" ? "111111" : "000000"
            for _ in 0..<5 {
                #expect(try await exchange(app, credentials, pin: wrong).problem().code == .invalidGrant)
            }
            let right = try await exchange(app, credentials, pin: pin)
            #expect(try right.problem().code == .invalidGrant)
            #expect(try right.problem().detail?.contains("Too many wrong PINs") == true)
            #expect(try await app.count("players") == 0)
        }
    }

    @Test(arguments: Engine.available)
    func pinsExpireAfterTenMinutesAndANewOneReplacesTheOld(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let token = try await app.appToken(credentials)
            let old = try await requestPin(app, token)
            let new = try await requestPin(app, token)
            if old != new { #expect(try await exchange(app, credentials, pin: old).status == .badRequest) }
            app.playhouseClock.advance(by: 601)
            #expect(try await exchange(app, credentials, pin: new).problem().code == .invalidGrant)
        }
    }

    @Test(arguments: Engine.available)
    func textsPerNumberAreLimited(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            // The limit counts in fixed ten-minute windows of the clock: a running one could cross into the next mid-test.
            app.playhouseClock.stop()
            let token = try await app.appToken(try await app.createApp())
            for _ in 0..<3 { _ = try await requestPin(app, token) }
            let limited = try await app.send(.POST, "/v1/auth/phone/pin", headers: bearer(token).merged(json),
                                             body: #"{"phone_number":"+4512345678"}"#)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers.first(name: .retryAfter) != nil)
            #expect(try await app.smsOutbox.messages().count == 3)
            // Another number is not affected.
            _ = try await requestPin(app, token, "+4587654321")
        }
    }

    @Test(arguments: Engine.available)
    func badNumbersAreNamedAndNothingIsSent(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let token = try await app.appToken(try await app.createApp())
            for number in ["12345678", "+0123456789", "'; DROP TABLE phone_pins; --", String(repeating: "9", count: 5000), "+45 abc"] {
                let response = try await app.send(.POST, "/v1/auth/phone/pin", headers: bearer(token).merged(json),
                                                  body: #"{"phone_number":"\#(number)"}"#)
                #expect(response.status == .unprocessableEntity, "\(number.prefix(20))")
                #expect(try response.problem().errors?.first?.field == "phone_number")
            }
            #expect(try await app.smsOutbox.messages().isEmpty)
            #expect(try await app.count("phone_pins") == 0)
        }
    }

    @Test func theHTTPProviderPostsToTheGateway() async throws {
        // A stand-in SMS gateway on 127.0.0.1 speaking the documented API.
        let received = NIOLockedValueBox<[(String?, HTTPSMSSender.Message)]>([])
        let gateway = try await Application.make(.testing)
        gateway.http.server.configuration.port = 0
        gateway.post("sms") { request async throws -> HTTPStatus in
            let message = try request.content.decode(HTTPSMSSender.Message.self)
            received.withLockedValue { $0.append((request.headers.bearerAuthorization?.token, message)) }
            return .accepted
        }
        try await gateway.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try #require(gateway.http.server.shared.localAddress?.port)
        do {
            try await withPlayhouse(.sqlite, { $0.smsProvider = .http(url: "http://127.0.0.1:\(port)/sms", token: "gw-key") }) { app in
                let token = try await app.appToken(try await app.createApp(name: "Kuggle"))
                let response = try await app.send(.POST, "/v1/auth/phone/pin", headers: bearer(token).merged(json),
                                                  body: #"{"phone_number":"+4512345678"}"#)
                #expect(response.status == .accepted)
                let sent = received.withLockedValue { $0 }
                #expect(sent.count == 1)
                #expect(sent.first?.0 == "gw-key")
                #expect(sent.first?.1.to == "+4512345678")
                #expect(sent.first?.1.text.hasPrefix("Your Kuggle code is ") == true)
                #expect(try await app.smsOutbox.messages().isEmpty)
            }
        } catch {
            await gateway.server.shutdown()
            try await gateway.asyncShutdown()
            throw error
        }
        await gateway.server.shutdown()
        try await gateway.asyncShutdown()
    }

    @Test func aFailingGatewayIsA502() async throws {
        try await withPlayhouse(.sqlite, { $0.smsProvider = .http(url: "http://127.0.0.1:9/sms", token: nil) }) { app in
            // Nothing listens there: the HTTP client tries to connect again until its connect
            // timeout (10 s by default), then the player is answered. A shorter one here.
            app.http.client.configuration.timeout.connect = .milliseconds(500)
            let token = try await app.appToken(try await app.createApp())
            let response = try await app.send(.POST, "/v1/auth/phone/pin", headers: bearer(token).merged(json),
                                              body: #"{"phone_number":"+4512345678"}"#)
            #expect(response.status == .badGateway)
            #expect(try response.problem().code == .smsFailed)
        }
    }
}
