import Foundation
import PlayhouseKit

// The code of the articles "The player's profile" and "Configuration, errors and the network".

func profile(client: PlayhouseClient) async throws {
    var profile = try await client.profile.get()
    profile = try await client.profile.update(ProfileUpdate(firstName: "Ann", birthDate: "1990-01-01", gender: .female))
    show(profile)
}

func readTheApp(client: PlayhouseClient) async throws {
    let app = try await client.app.current()
    client.app.current { result in /* Result<AppInfo, PlayhouseError>, on the main queue */ }
    show(app)
}
