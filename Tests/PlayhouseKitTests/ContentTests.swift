import Crypto
import Foundation
@testable import PlayhouseKit
import Testing

/// The SDK's content requests against a scripted server: the order of their moments, the server
/// events they send, rewards verified and delivered once across a relaunch, and the renderers.
@Suite struct ContentTests {
    static let content = """
        {"impression_id":"imp-1","placement":"main_menu","unit":"welcome-bonus","ern":"ern:content:welcome-bonus","kind":"reward",
         "language":"en","title":"Welcome!","action_label":"Claim","images":{},"reward":{"items":[{"name":"gems","quantity":50}],
         "amount":{"amount":"5","currency":"KRD"}},"page_url":"https://play.test/content/imp-1","page_expires_at":"2026-11-25T15:00:00Z"}
        """

    /// A presenter that shows nothing, says the unit was displayed, and ends as told.
    struct ScriptedPresenter: ContentPresenter {
        var outcome: ContentPresentationOutcome
        func present(_ content: PlacementContent, options: ContentPresentationOptions,
                     displayed: @escaping @Sendable () async -> Void) async throws -> ContentPresentationOutcome {
            await displayed()
            return outcome
        }
    }

    /// The server's reward key, and receipts signed with it.
    struct Signer {
        let key = Curve25519.Signing.PrivateKey()

        var jwks: String {
            #"{"keys":[{"kty":"OKP","crv":"Ed25519","alg":"EdDSA","kid":"k1","x":"\#(Self.b64(key.publicKey.rawRepresentation))"}]}"#
        }

        func receipt(id: String, claimed: Bool = false, amount: String = "5") throws -> String {
            let header = Self.b64(Data(#"{"alg":"EdDSA","kid":"k1","typ":"JWT"}"#.utf8))
            let payload = Self.b64(Data(#"{"iss":"https://play.test","jti":"\#(id)","sub":"p-1","iat":1796000000,"unit":"welcome-bonus","items":[{"name":"gems","quantity":50}],"amount":"\#(amount)","currency":"KRD"}"#.utf8))
            let signature = Self.b64(try key.signature(for: Data("\(header).\(payload)".utf8)))
            return """
                {"id":"\(id)","ern":"ern:receipt:\(id)","player_id":"p-1","unit":"welcome-bonus",
                 "grant":{"items":[{"name":"gems","quantity":50}],"amount":{"amount":"5","currency":"KRD"}},
                 "issued_at":"2026-11-25T14:00:00Z",\(claimed ? #""claimed_at":"2026-11-25T14:00:01Z","transaction_id":"t-1","# : "")
                 "token":"\(header).\(payload).\(signature)"}
                """
        }

        static func b64(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
    }

    /// A client with a signed-in player.
    func client(_ transport: MockTransport, claimed: any ClaimedRewards) async -> PlayhouseClient {
        let tokens = MemoryTokenStore()
        await tokens.save(StoredPlayerTokens(accessToken: "pha_player", refreshToken: nil, expiresAt: .distantFuture, scope: "profile",
                                             sessionID: "s-1", playerID: "p-1", installationID: "install-0123456789abcdef"))
        return PlayhouseClient(configuration: .init(baseURL: Fixtures.baseURL, clientID: "ph_x", clientSecret: "phs_secret", transport: transport,
                                                    tokenStore: tokens, installationID: "install-0123456789abcdef", appLifecycle: nil,
                                                    claimedRewards: claimed))
    }

    func collect(_ request: ContentRequest) -> Task<[ContentRequestEvent], Never> {
        Task { await request.events.reduce(into: []) { $0.append($1) } }
    }

    /// A server with one reward unit on main_menu; `body` of a content event's answer per event.
    func server(_ signer: Signer, receiptID: String = "r-1") -> MockTransport {
        MockTransport { request, _ in
            switch request.url.path {
            case "/oauth/token": return Fixtures.token()
            case "/v1/placements/main_menu/content": return Fixtures.json(200, Self.content)
            case "/v1/placements/empty/content": return HTTPResponse(status: 204, headers: [:], body: Data())
            case "/v1/content/events":
                let event = (try? JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String])?["event"] ?? ""
                return Fixtures.json(200, event == "clicked" ? #"{"event":"clicked","receipt":\#(try signer.receipt(id: receiptID))}"# : #"{"event":"\#(event)"}"#)
            case "/.well-known/reward-keys": return Fixtures.json(200, signer.jwks)
            case "/v1/rewards/\(receiptID)/claim", "/v1/rewards/\(receiptID)": return Fixtures.json(200, try signer.receipt(id: receiptID, claimed: true))
            case "/v1/rewards": return Fixtures.json(200, #"{"data":[]}"#)
            case "/v1/rewards/r-someone-elses": return Fixtures.problem(404, code: "receipt_not_found")
            default: return Fixtures.problem(404, code: "not_found")
            }
        }
    }

    func events(_ transport: MockTransport) -> [String] {
        transport.requests(to: "/v1/content/events").compactMap { request in
            (try? JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String])?["event"]
        }
    }

    @Test func aShownUnitGoesThroughItsMomentsInOrderAndTellsTheServer() async throws {
        let transport = server(Signer())
        let sdk = await client(transport, claimed: MemoryClaimedRewards())
        let request = sdk.content.request(placement: "main_menu")
        let collected = collect(request)
        await request.start(presenter: ScriptedPresenter(outcome: .dismissed))
        let moments = await collected.value
        let shown = try #require(try? PlayhouseJSON.makeDecoder().decode(PlacementContent.self, from: Data(Self.content.utf8)))
        #expect(moments == [.willGetContent, .willDisplay(shown), .didDisplay(shown), .didDismiss(shown)])
        #expect(events(transport) == ["displayed", "dismissed"])
        // The installation is named on every call.
        #expect(transport.requests(to: "/v1/placements/main_menu/content").first?.url.query?.contains("installation_id=install-0123456789abcdef") == true)
    }

    @Test func nothingToShowIsAFailureWithNoContent() async throws {
        let sdk = await client(server(Signer()), claimed: MemoryClaimedRewards())
        let request = sdk.content.request(placement: "empty")
        let collected = collect(request)
        await request.start(presenter: ScriptedPresenter(outcome: .dismissed))
        let moments = await collected.value
        #expect(moments.count == 2)
        guard case .failed(let error) = moments.last else {
            Issue.record("ended with \(String(describing: moments.last))")
            return
        }
        #expect(error.code == .noContent)
        #expect(try await sdk.content.content(placement: "empty") == nil)
    }

    @Test func aRewardIsVerifiedClaimedAndUnlockedOnceAcrossARelaunch() async throws {
        let store = try SQLiteClaimedRewards(url: FileManager.default.temporaryDirectory.appendingPathComponent("rewards-\(UUID()).sqlite"))
        let signer = Signer()
        let transport = server(signer)
        let sdk = await client(transport, claimed: store)
        let request = sdk.content.request(placement: "main_menu")
        let collected = collect(request)
        await request.start(presenter: ScriptedPresenter(outcome: .actionTaken))
        let unlocked = await collected.value.compactMap { if case .rewardUnlocked(let reward) = $0 { reward } else { nil } }
        #expect(unlocked.map(\.receipt.id) == ["r-1"])
        #expect(unlocked.first?.items == [RewardItem(name: "gems", quantity: 50)])
        #expect(events(transport) == ["displayed", "clicked"])
        #expect(transport.requests(to: "/v1/rewards/r-1/claim").count == 1)

        // Relaunched (a new client on the same store): the same receipt again unlocks nothing.
        let relaunched = await client(transport, claimed: try SQLiteClaimedRewards(url: store.url))
        let again = relaunched.content.request(placement: "main_menu")
        let collectedAgain = collect(again)
        await again.start(presenter: ScriptedPresenter(outcome: .rewardTaken(receiptID: "r-1")))
        #expect(await collectedAgain.value.contains { if case .rewardUnlocked = $0 { true } else { false } } == false)
    }

    @Test func aTamperedReceiptIsNotClaimed() async throws {
        let signer = Signer()
        let verifier = try RewardVerifier(jwks: Data(signer.jwks.utf8))
        let good = try PlayhouseJSON.makeDecoder().decode(RewardReceipt.self, from: Data(try signer.receipt(id: "r-2").utf8))
        try await verifier.verify(good)
        var richer = good
        richer.grant.amount = Money(amount: "500", currency: "KRD")
        await #expect(throws: PlayhouseError.self) { try await verifier.verify(richer) }
        let otherKey = try PlayhouseJSON.makeDecoder().decode(RewardReceipt.self, from: Data(try Signer().receipt(id: "r-2").utf8))
        await #expect(throws: PlayhouseError.self) { try await verifier.verify(otherKey) }
    }

    @Test func aReceiptCutOffMidDeliveryIsDeliveredAtTheNextFinish() async throws {
        let store = MemoryClaimedRewards()
        try await store.note("r-someone-elses")   // noted for a player who has since signed out
        try await store.note("r-3")   // noted, then the app was killed before the claim answered
        let transport = server(Signer(), receiptID: "r-3")
        let sdk = await client(transport, claimed: store)
        let delivered = try await sdk.content.finishRewards()
        #expect(delivered.map(\.receipt.id) == ["r-3"])
        #expect(try await sdk.content.finishRewards().isEmpty)
    }

    /// Records what a renderer draws.
    final class RecordingCanvas: NotificationCanvas {
        var size = NotificationSize(width: 100, height: 40)
        var drawn: [String] = []
        func measure(_ text: String, fontSize: Double) -> Double { Double(text.count) * fontSize * 0.6 }
        func fillRoundedRect(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double, color: NotificationColor) {
            drawn.append("pill \(width)x\(height) r\(cornerRadius)")
        }
        func drawText(_ text: String, centerX: Double, centerY: Double, fontSize: Double, color: NotificationColor) {
            drawn.append("text \(text) at \(centerX),\(centerY)")
        }
    }

    @Test func badgesAreDrawnByTheRendererOfTheirType() {
        let canvas = RecordingCanvas()
        let badge = NotificationRenderers.renderer(forType: "badge")
        // One digit is a circle; more widen it.
        #expect(badge.size(for: PlacementNotification(type: "badge", value: "3"), on: canvas) == NotificationSize(width: 21, height: 21))
        #expect(badge.size(for: PlacementNotification(type: "badge", value: "128"), on: canvas).width > 21)
        badge.draw(PlacementNotification(type: "badge", value: "3"), on: canvas)
        #expect(canvas.drawn == ["pill 21.0x21.0 r10.5", "text 3 at 10.5,10.5"])
        // An unknown type draws nothing; an app's renderer takes over its type.
        #expect(NotificationRenderers.renderer(forType: "sparkle").size(for: PlacementNotification(type: "sparkle", value: "!"), on: canvas) == .zero)
        struct Star: NotificationRenderer {
            func size(for notification: PlacementNotification, on canvas: any NotificationCanvas) -> NotificationSize { .init(width: 30, height: 30) }
            func draw(_ notification: PlacementNotification, on canvas: any NotificationCanvas) {}
        }
        NotificationRenderers.setRenderer(Star(), forType: "sparkle")
        #expect(NotificationRenderers.renderer(forType: "sparkle").size(for: PlacementNotification(type: "sparkle", value: "!"), on: canvas)
                == NotificationSize(width: 30, height: 30))
    }
}

/// Delivered receipts in memory, for tests.
actor MemoryClaimedRewards: ClaimedRewards {
    private var noted: [String] = []
    private var delivered: Set<String> = []

    func note(_ receiptID: String) async throws { if !noted.contains(receiptID) { noted.append(receiptID) } }
    func markDelivered(_ receiptID: String) async throws -> Bool { delivered.insert(receiptID).inserted }
    func undelivered() async throws -> [String] { noted.filter { !delivered.contains($0) } }
}
