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
///
/// Started with `posix_spawn` rather than Foundation's `Process`. On Linux, `Process.run()` finds
/// the highest descriptor open (over 1,500 while the suites run in parallel) and adds one close
/// action for each number up to it, while other tests open and close theirs; it crashed there (a
/// bad pointer in `memmove`) in one full run in a few, here and in CI. The likely cause, not
/// shown: that race. Here the child closes every descriptor above standard error itself, at once
/// (`closefrom`), and starts with no signal blocked or ignored.
final class ServerProcess {
    let url: URL
    private let port: Int
    private let environment: [String: String]
    /// The running process; nil before it starts and once it has ended.
    private var pid: pid_t?

    /// The binary `swift build` put beside this test bundle.
    static var binary: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).deletingLastPathComponent().appendingPathComponent("playhouse")
    }

    /// Starts a server on `configuration`'s database (its SQLite file, or its PostgreSQL database and schema).
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
        pid = try Self.spawn(Self.binary.path, arguments: ["serve"], environment: environment)
        for _ in 0..<600 {
            try #require(isRunning, "the server at \(url) ended at its start")
            if let (_, response) = try? await URLSession.shared.data(from: url.appendingPathComponent("readyz")),
               (response as? HTTPURLResponse)?.statusCode == 200 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        try #require(Bool(false), "the server at \(url) never became ready")
    }

    /// Kills the process at once: whatever it was doing, it does not finish.
    func kill() {
        end(with: SIGKILL)
    }

    /// Stops the process as an operator would (SIGTERM) and waits for it.
    func stop() {
        end(with: SIGTERM)
    }

    /// Whether the process still runs; one that has ended is reaped.
    private var isRunning: Bool {
        guard let pid else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 { return true }
        self.pid = nil
        return false
    }

    private func end(with signal: Int32) {
        guard isRunning, let pid else { return }
        Glibc.kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        self.pid = nil
    }

    /// Starts `path` with `arguments` and only `environment`, its standard output to /dev/null (its
    /// banner; errors still go to standard error) and no other descriptor of this process.
    private static func spawn(_ path: String, arguments: [String], environment: [String: String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        // glibc 2.34 and later; Swift's Glibc module leaves it out.
        let closeFrom = try #require(dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np"),
                                     "posix_spawn_file_actions_addclosefrom_np is missing: glibc 2.34 or later is needed")
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, STDERR_FILENO + 1)
        // The test's thread blocks signals (SIGTERM among them): the child must not inherit that.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        try #require(status == 0, "could not start \(path): \(String(cString: strerror(status)))")
        return pid
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
