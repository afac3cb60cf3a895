import ArgumentParser
import Foundation
import PlayhouseServer

extension Apps {
    struct AddProvider: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-provider",
            abstract: "Trust a sign-in provider for federated sign-in (token exchange).",
            discussion: """
                OpenID Connect:  --kind oidc --issuer https://accounts.example.com --audience <your client id there> --jwks-uri https://accounts.example.com/jwks
                Facebook-style:  --kind facebook --audience <provider app id> --app-token <app access token> \
                [--introspection-url https://graph.facebook.com/debug_token] [--profile-url https://graph.facebook.com/me]
                """)

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Option(help: "The provider's name in token requests (the `provider` parameter), e.g. google.") var name: String
        @Option(help: "oidc or facebook.") var kind: String
        @Option(help: "OIDC: the issuer (iss).") var issuer: String?
        @Option(help: "OIDC: your client id at the provider (aud). Facebook-style: the provider app id.") var audience: String
        @Option(name: .customLong("jwks-uri"), help: "OIDC: where the provider publishes its signing keys.") var jwksURI: String?
        @Option(name: .customLong("app-token"), help: "Facebook-style: the app access token for the debug endpoint.") var appToken: String?
        @Option(name: .customLong("introspection-url"), help: "Facebook-style: the token debug endpoint.")
        var introspectionURL = IdentityProviderService.Kind.facebookIntrospectionURL
        @Option(name: .customLong("profile-url"), help: "Facebook-style: where the player's profile is read.")
        var profileURL = IdentityProviderService.Kind.facebookProfileURL

        func run() async throws {
            let kind = try await cliProblem {
                try IdentityProviderService.Kind.named(self.kind, issuer: issuer, audience: audience, jwksURI: jwksURI, appToken: appToken,
                                                       introspectionURL: introspectionURL, profileURL: profileURL)
            }
            let added = try await options.withApplication { application in
                try await application.identityProviders.add(app: app, name: name, kind: kind, by: .commandLine)
            }
            print("Players of \(app) can now sign in with \(added.name) (\(added.kind)).")
        }
    }

    struct Providers: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the sign-in providers an app trusts.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String

        func run() async throws {
            let providers = try await options.withApplication { application in try await application.identityProviders.list(app: app) }
            if providers.isEmpty { print("No sign-in providers. Add one with: playhouse apps add-provider \(app) --name … --kind oidc|facebook …") }
            for provider in providers { print("\(provider.name)  \(provider.kind)  \(provider.issuer ?? "-")  \(provider.audience)") }
        }
    }
}
