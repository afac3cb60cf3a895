import ArgumentParser
import Foundation
import GameMath
import PlayhouseAPI
import PlayhouseServer
import Yams

struct Games: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The games an app offers: import definitions (JSON or YAML), list, show, open, close, simulate.",
        subcommands: [Import.self, List.self, Show.self, Open.self, Close.self, Simulate.self]
    )

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import game definitions: adds each game, or replaces the definition of the app's game with its id. Prints the exact RTP.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "Definition files (.json, .yaml or .yml).") var files: [String]

        func run() async throws {
            let definitions = try files.map(readDefinition)
            let imported = try await options.withApp(app) { application, found in
                var imported: [GameService.Imported] = []
                for definition in definitions {
                    imported.append(try await application.games.importGame(appID: found.id, definition, by: .commandLine))
                }
                return imported
            }
            for result in imported {
                print("\(result.created ? "Imported" : "Updated") \(result.game.id) (\(result.game.name), \(result.game.type), version \(result.game.version)): "
                      + "RTP \(percent(result.report.rtp)) exactly (\(result.report.rtpFraction.numerator)/\(result.report.rtpFraction.denominator)), "
                      + "hit frequency \(percent(result.report.hitFrequency)), \(result.report.combinations) outcomes enumerated.")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List an app's games.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let games = try await options.withApp(app) { application, found in
                try await application.games.list(appID: found.id)
            }
            if json {
                print(String(decoding: try PlayhouseJSON.makeEncoder().encode(games), as: UTF8.self))
            } else if games.isEmpty {
                print("No games yet. Import one with: playhouse games import \(app) Server/Examples/games/lucky-sevens.json")
            } else {
                for game in games {
                    print("\(game.id.padding(toLength: 20, withPad: " ", startingAt: 0))  \(game.type.padding(toLength: 5, withPad: " ", startingAt: 0))  \(game.status.padding(toLength: 6, withPad: " ", startingAt: 0))  RTP \(percent(game.rtp))  \(game.name)")
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a game: its figures and its definition as JSON.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "The game's id.") var game: String

        func run() async throws {
            let (info, definition) = try await options.withApp(app) { application, found in
                guard let info = try await application.games.find(appID: found.id, slug: game),
                      let definition = try await application.games.definition(appID: found.id, slug: game) else {
                    throw CLIError("the app has no game \(game)")
                }
                return (info, definition)
            }
            print("\(info.name) (\(info.id)), \(info.type), \(info.status), version \(info.version)")
            print("RTP \(percent(info.rtp)), hit frequency \(percent(info.hitFrequency)), wagers \(info.$minWager.text) to \(info.$maxWager.text)"
                  + (info.currencies.isEmpty ? "" : " in \(info.currencies.joined(separator: ", "))")
                  + (info.provablyFair ? ", provably fair" : ""))
            print(try PlayhouseJSON.prettyPrinted(definition))
        }
    }

    struct Open: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Open a closed game to bets again.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "The game's id.") var game: String

        func run() async throws { try await setOpen(true, options: options, app: app, game: game) }
    }

    struct Close: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Close a game: bets on it are refused until it opens again.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "The game's id.") var game: String

        func run() async throws { try await setOpen(false, options: options, app: app, game: game) }
    }

    struct Simulate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play a definition file's game many times (every payline) and compare the simulated RTP with the exact one.",
            discussion: "Also measures speed: spins per second, against a tight loop of the same random generator drawing as many numbers.")

        @Argument(help: "A definition file (.json, .yaml or .yml).") var file: String
        @Option(help: "How many spins.") var spins = 10_000_000
        @Flag(help: "No progress bar.") var quiet = false

        func run() async throws {
            guard spins > 0 else { throw ValidationError("--spins must be positive") }
            let definition = try readDefinition(file)
            let machine: GameMachine
            do { machine = try GameMachine(definition) } catch { throw CLIError("the definition is inconsistent: \(error.description)") }
            let exact = machine.report()

            // The baseline: the same generator, drawing what the spins draw, doing nothing else.
            let draws = machine.paylines.isEmpty ? 1 : machine.paylines[0].count
            var generator = SimulationOutcomeSource()
            let baselineStart = ContinuousClock.now
            var sink = 0
            for _ in 0..<(spins * draws) { sink &+= generator.next(below: 97) }
            let baseline = ContinuousClock.now - baselineStart

            var total = Simulation()
            let chunk = max(spins / 100, 10_000)
            let start = ContinuousClock.now
            var done = 0
            while done < spins {
                let count = min(chunk, spins - done)
                total.add(machine.simulate(spins: count, using: &generator))
                done += count
                if !quiet { progress(done, of: spins) }
            }
            let elapsed = ContinuousClock.now - start
            if !quiet { FileHandle.standardError.write(Data("\n".utf8)) }

            let perSecond = Double(spins) / seconds(elapsed)
            let deviation = (total.rtp - exact.rtp) / total.standardError
            print("\(definition.name): \(spins) spins, every payline")
            print("  exact RTP       \(percent(exact.rtp))  hit frequency \(percent(exact.hitFrequency))")
            print("  simulated RTP   \(percent(total.rtp)) ± \(percent(total.standardError)) (1 s.e.)  hit frequency \(percent(total.hitFrequency))")
            print("  difference      \(String(format: "%.2f", deviation)) standard errors \(abs(deviation) <= 3.29 ? "(within the 99.9% interval)" : "(OUTSIDE the 99.9% interval)")")
            print("  speed           \(Int(perSecond)) spins/s on one core; baseline \(Int(Double(spins * draws) / seconds(baseline))) draws/s (\(draws) per spin) "
                  + "= \(Int(Double(spins) / seconds(baseline))) spins' draws/s; ratio \(String(format: "%.2f", seconds(baseline) / seconds(elapsed)))"
                  + (sink == 42 ? " " : ""))
            if abs(deviation) > 3.29 { throw ExitCode(1) }
        }

        private func progress(_ done: Int, of total: Int) {
            let width = 40
            let filled = done * width / total
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            FileHandle.standardError.write(Data("\r[\(bar)] \(done * 100 / total)% \(done)/\(total) spins".utf8))
        }
    }
}

private func setOpen(_ open: Bool, options: ServerOptions, app: String, game: String) async throws {
    let found = try await options.withApp(app) { application, found in
        try await application.games.setOpen(open, appID: found.id, slug: game, by: .commandLine)
    }
    guard found else { throw CLIError("the app has no game \(game)") }
    print("\(game) is \(open ? "open" : "closed").")
}

/// A definition file, JSON or YAML (by its extension; anything but .yaml/.yml is read as JSON).
func readDefinition(_ path: String) throws -> GameDefinition {
    try readFile(path, as: GameDefinition.self, what: "a game definition")
}

/// A file of `T`, JSON or YAML (by its extension; anything but .yaml/.yml is read as JSON); what
/// is wrong with it is named by its path in the file.
func readFile<T: Decodable>(_ path: String, as type: T.Type, what: String) throws -> T {
    guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("cannot read \(path)") }
    do {
        if path.hasSuffix(".yaml") || path.hasSuffix(".yml") {
            return try YAMLDecoder().decode(T.self, from: data)
        }
        return try JSONDecoder().decode(T.self, from: data)
    } catch let error as DecodingError {
        throw CLIError("\(path) is not \(what): \(describe(error))")
    } catch {
        throw CLIError("\(path) is not \(what): \(error)")
    }
}

private func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context): return "missing \(([path(context)].filter { !$0.isEmpty } + [key.stringValue]).joined(separator: "."))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context): return "wrong type at \(path(context)): \(context.debugDescription)"
    case .dataCorrupted(let context): return context.debugDescription
    @unknown default: return "\(error)"
    }
}

func percent(_ value: Double) -> String { String(format: "%.4f%%", value * 100) }

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
