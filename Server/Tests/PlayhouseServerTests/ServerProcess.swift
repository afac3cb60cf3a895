import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
@testable import PlayhouseServer
import Testing

/// The `playhouse` binary of this build, serving on 127.0.0.1 in a process of its own, on the
/// database of a test's configuration: a server that can be killed (SIGKILL, nothing flushed,
/// nothing answered) and started again on the same port.
final class ServerProcess {
    let url: URL
    private let port: Int
    private let environment: [String: String]
    private var process: Process?

    /// The binary `swift build` put beside this test bundle.
    static var binary: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).deletingLastPathComponent().appendingPathComponent("playhouse")
    }

    /// Starts a server on `configuration`'s database (its SQLite file, or its PostgreSQL schema).
    init(_ configuration: PlayhouseConfiguration) async throws {
        _ = sdkFilesInATemporaryFolder  // before the environment is read and copied
        port = try Self.freePort()
        url = URL(string: "http://127.0.0.1:\(port)")!
        // Nothing of the shell's own settings: only this test's database.
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PLAYHOUSE_") }
        environment["PLAYHOUSE_HOST"] = "127.0.0.1"
        environment["PLAYHOUSE_PORT"] = String(port)
        environment["PLAYHOUSE_PUBLIC_URL"] = url.absoluteString
        environment["PLAYHOUSE_LOG_LEVEL"] = "error"
        environment["PLAYHOUSE_PASSWORD_HASH_COST"] = String(configuration.passwordHashCost)
        environment["PLAYHOUSE_DATA_DIR"] = configuration.dataDirectory
        if let database = configuration.databaseURL { environment["PLAYHOUSE_DATABASE_URL"] = database }
        if let schema = configuration.postgresSchema { environment["PLAYHOUSE_DATABASE_SCHEMA"] = schema }
        environment["PLAYHOUSE_DATABASE_CONNECTIONS_PER_CORE"] = String(configuration.postgresConnectionsPerEventLoop)
        self.environment = environment
        try await start()
    }

    deinit { stop() }

    /// Starts the binary and waits until it answers `/readyz`.
    func start() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "no server binary at \(Self.binary.path): swift build first")
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice  // its banner; errors still go to stderr
        try process.run()
        self.process = process
        for _ in 0..<600 {
            try #require(process.isRunning, "the server at \(url) ended at its start")
            if let (_, response) = try? await URLSession.shared.data(from: url.appendingPathComponent("readyz")),
               (response as? HTTPURLResponse)?.statusCode == 200 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        try #require(Bool(false), "the server at \(url) never became ready")
    }

    /// Kills the process at once: whatever it was doing, it does not finish.
    func kill() {
        guard let process, process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Stops the process as an operator would (SIGTERM) and waits for it.
    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
        self.process = nil
    }

    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        try #require(bound, "no free port")
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
