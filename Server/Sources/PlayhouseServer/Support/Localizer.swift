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
        guard let header, !header.isEmpty else { return nil }
        var best: (language: String, quality: Double)?
        for (index, item) in header.split(separator: ",").prefix(32).enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            guard quality > 0 else { continue }
            let primary = tag == "*" ? "en" : String(tag.split(separator: "-").first ?? "")
            guard Messages.languages.contains(primary) else { continue }
            // Earlier entries win ties, so compare with a tiny order penalty.
            let score = quality - Double(index) * 1e-6
            if best == nil || score > best!.quality { best = (primary, score) }
        }
        return best?.language
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
