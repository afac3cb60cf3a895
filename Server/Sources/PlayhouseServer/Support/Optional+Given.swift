extension Optional<String> {
    /// The text, or nil when there is none or it is blank: an empty form field counts as left out.
    var given: String? {
        flatMap { ASCIIShape.trimmingWhitespace($0).isEmpty ? nil : $0 }
    }
}
