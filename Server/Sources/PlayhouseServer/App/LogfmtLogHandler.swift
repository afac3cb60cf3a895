import Foundation
import Logging
import NIOConcurrencyHelpers

/// Writes each log event as one logfmt line to standard error:
/// `ts=2026-11-22T10:00:00.123Z level=info msg=request method=GET route=/v1/app status=200 request-id=…`.
///
/// The access log writes a line for every request, so a line is built in one string, its fields
/// in a stable order (the logger's own metadata, then the event's, each sorted by key), and handed
/// to the kernel in one `write`, with no formatting through Foundation.
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
        var line = Self.line(level: event.level, message: "\(event.message)", metadata: metadata, eventMetadata: event.metadata ?? [:],
                             source: event.level >= .warning ? "\(label) \(event.file):\(event.line)" : nil, at: Self.now())
        line.withUTF8 { bytes in
            Self.lock.withLock {
                var rest = UnsafeRawBufferPointer(bytes)
                while !rest.isEmpty {
                    let written = Glibc.write(2, rest.baseAddress, rest.count)
                    if written <= 0 {
                        if written < 0 && errno == EINTR { continue }
                        return
                    }
                    rest = UnsafeRawBufferPointer(rebasing: rest[written...])
                }
            }
        }
    }

    /// One line: the time, level and message, then the logger's metadata and the event's (which
    /// wins on a clash), each group sorted by key, then the source for warnings and worse.
    static func line(level: Logger.Level, message: String, metadata: Logger.Metadata, eventMetadata: Logger.Metadata,
                     source: String?, at time: timespec) -> String {
        var line = ""
        line.reserveCapacity(256)
        line += "ts="
        appendTimestamp(time, to: &line)
        line += " level="
        line += level.rawValue
        append("msg", message, to: &line)
        for key in metadata.keys.sorted() where eventMetadata[key] == nil {
            append(key, metadata[key].map { "\($0)" } ?? "", to: &line)
        }
        for key in eventMetadata.keys.sorted() {
            append(key, eventMetadata[key].map { "\($0)" } ?? "", to: &line)
        }
        if let source { append("source", source, to: &line) }
        line += "\n"
        return line
    }

    private static func append(_ key: String, _ value: String, to line: inout String) {
        line += " "
        line += key
        line += "="
        line += quote(value)
    }

    /// The value as logfmt writes it: as it is, unless it is empty or holds a space, `=`, `"` or a
    /// line break, then in double quotes with `\`, `"` and line breaks escaped.
    static func quote(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.utf8.contains { $0 == 0x20 || $0 == 0x3D || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return value }
        var quoted = "\""
        quoted.reserveCapacity(value.utf8.count + 8)
        for character in value.unicodeScalars {
            switch character {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            default: quoted.unicodeScalars.append(character)
            }
        }
        quoted += "\""
        return quoted
    }

    private static func now() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now
    }

    /// `2026-11-22T10:00:00.123Z`, in UTC, to the millisecond.
    private static func appendTimestamp(_ time: timespec, to line: inout String) {
        var seconds = time_t(time.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int, _ count: Int) {
            var text = String(value)
            while text.utf8.count < count { text = "0" + text }
            line += text
        }
        digits(Int(parts.tm_year) + 1900, 4); line += "-"
        digits(Int(parts.tm_mon) + 1, 2); line += "-"
        digits(Int(parts.tm_mday), 2); line += "T"
        digits(Int(parts.tm_hour), 2); line += ":"
        digits(Int(parts.tm_min), 2); line += ":"
        digits(Int(parts.tm_sec), 2); line += "."
        digits(Int(time.tv_nsec / 1_000_000), 3); line += "Z"
    }
}
