/// Builds Playhouse resource names, `ern:<type>:<id>`, which the SDK cache keys on.
public enum ERN {
    public static func make(_ type: String, _ id: String) -> String { "ern:\(type):\(id)" }
}
