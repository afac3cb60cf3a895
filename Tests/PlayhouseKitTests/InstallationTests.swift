import Foundation
@testable import PlayhouseKit
import Testing

/// The installation id is a guest's only credential: a relaunch that made a new one would make a
/// new guest, and every once-only reward would unlock again.
@Suite struct InstallationTests {
    @Test func aRelaunchKeepsTheInstallationID() throws {
        let clientID = "ph_installation_\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(at: LocalStore.url(clientID: clientID, extension: "installation")) }
        let firstLaunch = PlayhouseClient.Configuration(baseURL: URL(string: "https://play.example.com")!, clientID: clientID)
        let secondLaunch = PlayhouseClient.Configuration(baseURL: URL(string: "https://play.example.com")!, clientID: clientID)
        #expect(UUID(uuidString: firstLaunch.installationID) != nil)
        #expect(secondLaunch.installationID == firstLaunch.installationID)
        let otherApp = PlayhouseClient.Configuration(baseURL: URL(string: "https://play.example.com")!, clientID: clientID + "_other")
        defer { try? FileManager.default.removeItem(at: LocalStore.url(clientID: clientID + "_other", extension: "installation")) }
        #expect(otherApp.installationID != firstLaunch.installationID)
    }

    @Test func theFileIsTheOwnersAloneAndReadBackAsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("installation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("playhouse-ph_game.installation")
        let made = Installation.kept(in: file)
        #expect(Installation.kept(in: file) == made)
        #expect(try String(contentsOf: file, encoding: .utf8) == made)
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
        // Many clients of one app made at the same moment agree on one id.
        let other = folder.appendingPathComponent("playhouse-ph_other.installation")
        let ids = Collected()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in ids.add(Installation.kept(in: other)) }
        #expect(ids.values.count == 8 && Set(ids.values).count == 1)
    }
}

private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [String] = []
    func add(_ id: String) { lock.withLock { ids.append(id) } }
    var values: [String] { lock.withLock { ids } }
}
