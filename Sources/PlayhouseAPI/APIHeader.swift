/// The HTTP headers of the Playhouse API that HTTP itself does not name, shared by the SDK and the server.
public enum APIHeader {
    /// A signed-out public client's id, on a call without a token: the calls a signed-out player
    /// may make (the app, a sign-in PIN, content placements, the catalog, game data) accept it in place of a bearer token.
    public static let clientID = "Playhouse-Client-ID"
}
