import ArgumentParser
import Foundation
import GameMath
import PlayhouseAPI
import PlayhouseServer

struct FairnessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fairness",
        abstract: "Provably fair bets: re-derive an outcome from its seeds.",
        subcommands: [Verify.self]
    )

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Verify a bet: by its id (from the database), or from a definition file and the seeds a player holds.",
            discussion: """
            playhouse fairness verify --bet <bet id>
            playhouse fairness verify --game lucky-sevens.json --server-seed <revealed seed> --client-seed <seed> --nonce 3 \\
                [--server-seed-hash <hash shown before betting>] [--payline 1,1,1,1,1 ...] [--stops 4,0,17,3,9]
            Exits non-zero when the bet does not match.
            """)

        @OptionGroup var options: ServerOptions
        @Option(help: "A bet's id: verified against its seeds and game in the database.") var bet: String?
        @Option(help: "A definition file (.json, .yaml or .yml).") var game: String?
        @Option(name: .customLong("server-seed")) var serverSeed: String?
        @Option(name: .customLong("server-seed-hash"), help: "The hash shown before betting; checked against the seed.") var serverSeedHash: String?
        @Option(name: .customLong("client-seed")) var clientSeed: String?
        @Option var nonce: UInt64?
        @Option(name: .customLong("payline"), help: "A payline played, as rows: 1,1,1. Repeat for each; all when left out.") var paylines: [String] = []
        @Option(help: "The stops the bet showed, to compare: 4,0,17.") var stops: String?

        func run() async throws {
            if let bet {
                guard let id = UUID(uuidString: bet) else { throw ValidationError("--bet must be a bet id") }
                guard let audit = try await options.withApplication({ try await $0.betAudit(id) }) else {
                    throw CLIError("no provably fair bet \(bet)")
                }
                guard audit.bet.gameVersion == audit.definitionVersion else {
                    throw CLIError("the bet was played on version \(audit.bet.gameVersion) of \(audit.bet.game), which is now at version \(audit.definitionVersion): verify it with that version's definition file and --game")
                }
                guard let fairness = audit.bet.fairness else { throw CLIError("bet \(bet) was not provably fair") }
                try check(definition: audit.definition, serverSeed: audit.serverSeed, hash: fairness.serverSeedHash,
                          clientSeed: fairness.clientSeed, nonce: UInt64(fairness.nonce), paylines: audit.bet.paylines, stops: audit.bet.stops,
                          wager: audit.bet.$wager.text, payout: audit.bet.$payout.text)
                return
            }
            guard let game, let serverSeed, let clientSeed, let nonce else {
                throw ValidationError("give --bet, or --game with --server-seed, --client-seed and --nonce")
            }
            let definition = try readDefinition(game)
            let lines = try paylines.map { text in
                try text.split(separator: ",").map { part in
                    guard let row = Int(part.trimmingCharacters(in: .whitespaces)) else { throw ValidationError("--payline takes rows such as 1,1,1") }
                    return row
                }
            }
            let expectedStops = try stops.map { text in
                try text.split(separator: ",").map { part in
                    guard let stop = Int(part.trimmingCharacters(in: .whitespaces)) else { throw ValidationError("--stops takes numbers such as 4,0,17") }
                    return stop
                }
            }
            try check(definition: definition, serverSeed: serverSeed, hash: serverSeedHash, clientSeed: clientSeed, nonce: nonce,
                      paylines: lines, stops: expectedStops, wager: nil, payout: nil)
        }

        private func check(definition: GameDefinition, serverSeed: String, hash: String?, clientSeed: String, nonce: UInt64,
                           paylines: [[Int]], stops: [Int]?, wager: String?, payout: String?) throws {
            let machine: GameMachine
            do { machine = try GameMachine(definition) } catch { throw CLIError("the definition is inconsistent: \(error.description)") }
            let played = paylines.isEmpty ? machine.paylines : paylines
            guard let spin = machine.replay(serverSeed: serverSeed, clientSeed: clientSeed, nonce: nonce, paylines: played) else {
                throw CLIError("the game has no such payline")
            }
            var failures: [String] = []
            if let hash {
                let actual = Fairness.hash(serverSeed: serverSeed)
                print("server seed hash  \(actual) \(actual == hash ? "matches" : "DOES NOT MATCH \(hash)")")
                if actual != hash { failures.append("hash") }
            }
            print("stops             \(spin.stops.map(String.init).joined(separator: ","))")
            for row in spin.window { print("window            \(row.joined(separator: " "))") }
            for win in spin.wins {
                print("win               \(win.kind.rawValue) \(win.symbol ?? "") ×\(win.count)\(win.payline.map { " on \($0)" } ?? ""): pays \(win.pays) × the wager")
            }
            print("pays              \(spin.pays) × the wager")
            if let stops, stops != spin.stops {
                print("the bet showed stops \(stops.map(String.init).joined(separator: ",")): DOES NOT MATCH")
                failures.append("stops")
            }
            if let wager, let payout, let wagerValue = Decimal(string: wager), let payoutValue = Decimal(string: payout) {
                let expected = wagerValue * Decimal(spin.pays)
                print("payout            \(payout) \(expected == payoutValue ? "matches" : "DOES NOT MATCH \(expected)")")
                if expected != payoutValue { failures.append("payout") }
            }
            if !failures.isEmpty { throw ExitCode(1) }
            print(stops == nil && payout == nil ? "Derived." : "Verified.")
        }
    }
}
