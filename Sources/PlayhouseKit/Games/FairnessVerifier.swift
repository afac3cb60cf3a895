import Foundation
import GameMath
import PlayhouseAPI

/// Re-derives a provably fair bet's outcome on the device from its revealed server seed, its
/// client seed and nonce, and the game's definition, following the documented algorithm
/// (see `FairOutcomeSource`): nothing is taken on trust from the server but the definition.
public enum FairnessVerifier {
    public enum Verdict: Sendable, Equatable {
        /// The seed matches the hash shown before betting, and the stops, window and payout re-derive.
        case verified
        /// The game was not provably fair.
        case notProvablyFair
        /// The server seed is still secret: rotate the seeds first.
        case seedNotRevealed
        /// The revealed seed is not the one whose hash was shown before betting.
        case seedDoesNotMatchHash
        /// The seeds give another outcome than the bet showed.
        case outcomeDiffers(expectedStops: [Int], betStops: [Int])
        /// The seeds give the bet's stops but another payout.
        case payoutDiffers(expected: String, betPayout: String)
        /// The game has a newer definition than the bet was played on.
        case definitionChanged(betVersion: Int, currentVersion: Int)
        /// The definition does not describe a playable game, or lacks the bet's paylines.
        case invalidDefinition
    }

    public static func verify(_ bet: Bet, definition: GameDefinition) -> Verdict {
        guard let fairness = bet.fairness else { return .notProvablyFair }
        guard let serverSeed = fairness.serverSeed else { return .seedNotRevealed }
        guard Fairness.hash(serverSeed: serverSeed) == fairness.serverSeedHash else { return .seedDoesNotMatchHash }
        guard let machine = try? GameMachine(definition),
              let spin = machine.replay(serverSeed: serverSeed, clientSeed: fairness.clientSeed, nonce: UInt64(fairness.nonce),
                                        paylines: bet.paylines) else { return .invalidDefinition }
        guard spin.stops == bet.stops, spin.window == bet.window else { return .outcomeDiffers(expectedStops: spin.stops, betStops: bet.stops) }
        let expected = bet.wager * Decimal(spin.pays)
        guard expected == bet.payout else {
            return .payoutDiffers(expected: GamesAPI.decimal(expected), betPayout: bet.$payout.text)
        }
        return .verified
    }
}
