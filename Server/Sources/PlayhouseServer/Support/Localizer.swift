import Vapor

/// Chooses the response language from `Accept-Language` and renders localised texts.
struct Localizer: Sendable {
    let language: String

    init(language: String) { self.language = language }

    /// Picks the best supported language from an `Accept-Language` header (RFC 9110 §12.5.4);
    /// English when nothing matches.
    init(acceptLanguage header: String?) {
        self.language = Self.negotiate(header) ?? "en"
    }

    static func negotiate(_ header: String?) -> String? {
        preferences(header).lazy.map { $0 == "*" ? "en" : String($0.split(separator: "-").first ?? "") }
            .first { Messages.languages.contains($0) }
    }

    /// The language tags of an `Accept-Language` header, lowercase, most wanted first (earlier
    /// entries first among equals), those with `q=0` left out.
    static func preferences(_ header: String?) -> [String] {
        guard let header, !header.isEmpty else { return [] }
        var tags: [(tag: String, quality: Double, index: Int)] = []
        for (index, item) in header.split(separator: ",").prefix(32).enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if quality > 0 { tags.append((tag, quality, index)) }
        }
        return tags.sorted { ($0.quality, -$0.index) > ($1.quality, -$1.index) }.map(\.tag)
    }

    func title(for key: String) -> String {
        text(key)?.title ?? key
    }

    func detail(for key: String, _ parameters: [String: String] = [:]) -> String {
        var detail = text(key)?.detail ?? key
        for (name, value) in parameters {
            detail = detail.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return detail
    }

    private func text(_ key: String) -> Messages.Text? {
        guard let entry = Messages.table[key] else { return nil }
        return entry[language] ?? entry["en"]
    }
}

extension Request {
    /// The localiser for this request's `Accept-Language`.
    var localizer: Localizer { Localizer(acceptLanguage: headers.first(name: .acceptLanguage)) }
}
