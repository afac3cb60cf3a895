/// Builds Playhouse resource names, `ern:<type>:<id>`, which the SDK cache keys on.
public enum ERN {
    public static func make(_ type: String, _ id: String) -> String { "ern:\(type):\(id)" }

    /// The id of `ern` when it names a resource of `type`; nil otherwise.
    public static func id(_ ern: String, of type: String) -> String? {
        let prefix = make(type, "")
        return ern.hasPrefix(prefix) ? String(ern.dropFirst(prefix.count)) : nil
    }
}
