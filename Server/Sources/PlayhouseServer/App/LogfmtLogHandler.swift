import Foundation
import Logging
import NIOConcurrencyHelpers

/// Writes each log event as one logfmt line to standard error:
/// `ts=2026-11-22T10:00:00.123Z level=info msg=request method=GET route=/v1/app status=200 request-id=…`.
public struct LogfmtLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private static let lock = NIOLock()

    public init(label: String, level: Logger.Level) {
        self.label = label
        self.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields: [(String, String)] = [
            ("ts", Self.timestamp()),
            ("level", event.level.rawValue),
            ("msg", event.message.description),
        ]
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        for key in merged.keys.sorted() { fields.append((key, "\(merged[key]!)")) }
        if event.level >= .warning { fields.append(("source", "\(label) \(event.file):\(event.line)")) }
        let line = fields.map { "\($0.0)=\(Self.quote($0.1))" }.joined(separator: " ") + "\n"
        Self.lock.withLock { FileHandle.standardError.write(Data(line.utf8)) }
    }

    static func quote(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.contains { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "\n" }
        guard needsQuotes else { return value }
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(escaped)\""
    }

    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var time = time_t(now.tv_sec)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec, Int(now.tv_nsec / 1_000_000))
    }
}
