import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

@Suite struct ProblemTests {
    @Test func bearerAuthenticationFailures() async throws {
        try await withPlayhouse(.sqlite) { app in
            let missing = try await app.send(.GET, "/v1/app")
            #expect(missing.status == .unauthorized)
            #expect(missing.headers.first(name: .wwwAuthenticate) == #"Bearer realm="playhouse""#)
            #expect(try missing.problem().code == .unauthorized)

            let unknown = try await app.send(.GET, "/v1/app", headers: bearer("pha_doesnotexist"))
            #expect(unknown.status == .unauthorized)
            #expect(try unknown.problem().code == .invalidToken)

            let malformed = try await app.send(.GET, "/v1/app", headers: ["Authorization": "Token abc"])
            #expect(malformed.status == .unauthorized)
            #expect(try malformed.problem().detail == "The Authorization header is malformed.")

            let huge = try await app.send(.GET, "/v1/app", headers: bearer(String(repeating: "x", count: 5000)))
            #expect(huge.status == .unauthorized)

            let credentials = try await app.createApp()
            let token = try await app.appToken(credentials)
            let inQuery = try await app.send(.GET, "/v1/app?access_token=\(token)")
            #expect(inQuery.status == .badRequest)
            #expect(try inQuery.problem().detail?.contains("Authorization header") == true)
        }
    }

    @Test func problemsAreLocalisedByAcceptLanguage() async throws {
        try await withPlayhouse(.sqlite) { app in
            let english = try await app.send(.GET, "/v1/app", headers: ["Accept-Language": "fr-FR, en;q=0.5"])
            #expect(try english.problem().title == "Authentication required")
            #expect(english.headers.first(name: .contentLanguage) == "en")

            let danish = try await app.send(.GET, "/v1/app", headers: ["Accept-Language": "da-DK"])
            #expect(try danish.problem().title == "Godkendelse påkrævet")
            #expect(danish.headers.first(name: .contentLanguage) == "da")

            let german = try await app.send(.GET, "/missing", headers: ["Accept-Language": "en;q=0.3, de;q=0.9"])
            let problem = try german.problem()
            #expect(problem.title == "Nicht gefunden")
            #expect(problem.detail == "Unter /missing gibt es nichts.")
            #expect(problem.code == .notFound) // codes never change with the language
        }
    }

    @Test func unknownRoutesAndWrongMethods() async throws {
        try await withPlayhouse(.sqlite) { app in
            let unknown = try await app.send(.GET, "/v1/nothing-here")
            #expect(unknown.status == .notFound)
            #expect(try unknown.problem().type == "https://playhouse.dev/problems/not_found")

            let wrongMethod = try await app.send(.GET, "/oauth/token")
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(wrongMethod.headers.first(name: .allow) == "POST")
            #expect(try wrongMethod.problem().code == .methodNotAllowed)

            let delete = try await app.send(.DELETE, "/v1/app")
            #expect(delete.status == .methodNotAllowed)
            #expect(delete.headers.first(name: .allow) == "GET, HEAD")
        }
    }

    @Test func oversizedBodiesAreRefused() async throws {
        // The limit applies as the body streams in from the network, so this needs a live server.
        try await withRunningServer(.sqlite, { $0.maxBodySize = 1024 }) { app, url in
            let credentials = try await app.createApp()
            var request = URLRequest(url: url.appendingPathComponent("/oauth/token"))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.setValue(basic(credentials).first(name: .authorization), forHTTPHeaderField: "Authorization")
            request.httpBody = Data(("grant_type=client_credentials&scope=" + String(repeating: "a", count: 4096)).utf8)
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 413)
            let problem = try PlayhouseJSON.makeDecoder().decode(Problem.self, from: data)
            #expect(problem.code == .payloadTooLarge)
            #expect(problem.detail == "The request body is larger than the limit of 1024 bytes.")
        }
    }

    @Test func malformedAndInvalidJSON() async throws {
        struct Sample: Content { var name: String; var count: Int }
        try await withPlayhouse(.sqlite) { app in
            app.post("json-probe") { request -> HTTPStatus in
                _ = try request.decodeBody(Sample.self)
                return .noContent
            }
            app.playhouse.routeIndex.build(from: app.routes.all)
            let json: HTTPHeaders = ["Content-Type": "application/json"]

            let broken = try await app.send(.POST, "/json-probe", headers: json, body: #"{"name": "x", "count": "#)
            #expect(broken.status == .badRequest)
            #expect(try broken.problem().code == .malformedJSON)

            let missingField = try await app.send(.POST, "/json-probe", headers: json, body: #"{"count": 1}"#)
            #expect(missingField.status == .unprocessableEntity)
            let missing = try missingField.problem()
            #expect(missing.code == .validationFailed)
            #expect(missing.errors == [FieldError(field: "name", code: "required", message: "This field is required.")])

            let wrongType = try await app.send(.POST, "/json-probe", headers: json, body: #"{"name": "x", "count": "many"}"#)
            #expect(try wrongType.problem().errors?.first?.field == "count")

            let xml = try await app.send(.POST, "/json-probe", headers: ["Content-Type": "application/xml"], body: "<a/>")
            #expect(xml.status == .unsupportedMediaType)
            #expect(try xml.problem().code == .unsupportedMediaType)
            let untyped = try await app.send(.POST, "/json-probe", body: #"{"name": "x", "count": 1}"#)
            #expect(untyped.status == .unsupportedMediaType)

            // JSON is JSON whichever way its media type is written (read straight, or through Vapor's
            // lookup with a parameter), and a form is still read as one.
            for type in ["application/json", "Application/JSON", "application/json; charset=utf-8"] {
                let sent = try await app.send(.POST, "/json-probe", headers: ["Content-Type": type], body: #"{"name": "x", "count": 1}"#)
                #expect(sent.status == .noContent, "\(type)")
                let wrong = try await app.send(.POST, "/json-probe", headers: ["Content-Type": type], body: #"{"name": "x"}"#)
                #expect(try wrong.problem().errors?.first?.field == "count", "\(type)")
            }
            let form = try await app.send(.POST, "/json-probe", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "name=x&count=1")
            #expect(form.status == .noContent)
            let empty = try await app.send(.POST, "/json-probe", headers: json, body: "")
            #expect(empty.status == .unprocessableEntity)
        }
    }

    @Test func unexpectedErrorsRevealNothing() async throws {
        struct Secret: Error { let password = "hunter2" }
        try await withPlayhouse(.sqlite) { app in
            app.get("boom") { _ -> String in throw Secret() }
            let response = try await app.send(.GET, "/boom")
            #expect(response.status == .internalServerError)
            let problem = try response.problem()
            #expect(problem.code == .internalError)
            #expect(!response.body.string.contains("hunter2"))
            #expect(!response.body.string.contains("Secret"))
        }
    }

    /// A server too busy to lend a request a database connection in time says so and when to try again.
    @Test func aServerTooBusyForADatabaseConnectionAsksForARetry() async throws {
        try await withPlayhouse(.sqlite) { app in
            app.get("busy") { _ -> String in throw ConnectionPoolTimeoutError.connectionRequestTimeout }
            let response = try await app.send(.GET, "/busy")
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers.first(name: "Retry-After") == "1")
            #expect(try response.problem().code == .serviceUnavailable)
        }
    }

    @Test func acceptLanguageNegotiation() {
        #expect(Localizer.negotiate("da") == "da")
        #expect(Localizer.negotiate("de-CH;q=0.8, da;q=0.9") == "da")
        #expect(Localizer.negotiate("fr, *;q=0.1") == "en")
        #expect(Localizer.negotiate("fr") == nil)
        #expect(Localizer.negotiate("da;q=0, de") == "de")
        #expect(Localizer.negotiate(String(repeating: "x,", count: 10_000)) == nil)
    }

    @Test func everyCodeHasEveryLanguage() {
        for (key, texts) in Messages.table {
            #expect(Set(texts.keys) == Set(Messages.languages), "\(key) lacks a language")
        }
        #expect(Messages.keysDefinedTwice.isEmpty)
    }
}

extension ByteBuffer {
    var string: String { String(buffer: self) }
}
