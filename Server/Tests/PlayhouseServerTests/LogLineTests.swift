import Foundation
import Logging
@testable import PlayhouseServer
import Testing

/// The request log line and the request id, which every request makes: what they say, and that
/// the fast ways of making them say it right.
@Suite struct LogLineTests {
    @Test func aLineHasItsFieldsInOrderQuotedWhereNeeded() {
        var time = timespec()
        time.tv_sec = 1_795_000_000
        time.tv_nsec = 7_000_000
        let line = LogfmtLogHandler.line(level: .info, message: "request", metadata: ["request-id": "abc", "shadowed": "old"],
                                         eventMetadata: ["status": "200", "path": "/v1/a b", "shadowed": "new", "quote": "say \"hi\"\\\n"],
                                         source: nil, at: time)
        #expect(line == #"ts=2026-11-18T11:06:40.007Z level=info msg=request request-id=abc path="/v1/a b" quote="say \"hi\"\\\n" shadowed=new status=200"# + "\n")
        let warning = LogfmtLogHandler.line(level: .warning, message: "", metadata: [:], eventMetadata: [:], source: "app File.swift:3", at: time)
        #expect(warning == #"ts=2026-11-18T11:06:40.007Z level=warning msg="" source="app File.swift:3""# + "\n")
    }

    @Test func durationsAreMillisecondsWithTwoDecimals() {
        #expect(AccessLogMiddleware.milliseconds(.microseconds(3250)) == "3.25")
        #expect(AccessLogMiddleware.milliseconds(.microseconds(50)) == "0.05")
        #expect(AccessLogMiddleware.milliseconds(.microseconds(9)) == "0.00")
        #expect(AccessLogMiddleware.milliseconds(.seconds(2)) == "2000.00")
        #expect(AccessLogMiddleware.milliseconds(.milliseconds(1001) + .microseconds(100)) == "1001.10")
    }

    @Test func newRequestIdsAreLowercaseUUIDsEachTimeAnew() {
        let ids = (0..<100).map { _ in RequestIDMiddleware.newID() }
        #expect(Set(ids).count == 100)
        for id in ids {
            #expect(id.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/) != nil, "\(id)")
            #expect(UUID(uuidString: id) != nil)
        }
    }
}
