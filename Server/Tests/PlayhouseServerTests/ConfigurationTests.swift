import Foundation
@testable import PlayhouseServer
import Testing

/// The server's settings from `PLAYHOUSE_*` variables, as an operator writes them.
@Suite struct ConfigurationTests {
    @Test func anEmptyVariableKeepsTheDefaultAndASetOneIsRead() throws {
        let defaults = PlayhouseConfiguration()
        let configuration = try PlayhouseConfiguration.fromEnvironment([
            "PLAYHOUSE_PORT": "9090", "PLAYHOUSE_HOST": "", "PLAYHOUSE_SETTLE_SECONDS": "0", "PLAYHOUSE_LOG_LEVEL": "Debug",
            "PLAYHOUSE_SMS_HTTP_URL": "https://sms.example.com/send", "PLAYHOUSE_SMS_HTTP_TOKEN": "",
        ])
        #expect(configuration.port == 9090)
        #expect(configuration.host == defaults.host)
        #expect(configuration.paymentSettleInterval == 0)
        #expect(configuration.logLevel == .debug)
        guard case let .http(url, token) = configuration.smsProvider else { Issue.record("not the HTTP provider"); return }
        #expect(url == "https://sms.example.com/send" && token == nil)
    }

    @Test(arguments: [("PLAYHOUSE_PORT", "70000"), ("PLAYHOUSE_SETTLE_SECONDS", "0.05"), ("PLAYHOUSE_SESSION_TIMEOUT", "nan"),
                      ("PLAYHOUSE_LOG_LEVEL", "loud"), ("PLAYHOUSE_SMS_HTTP_URL", "ftp://sms.example.com")])
    func anUnreadableVariableIsNamedWithWhatItWas(_ name: String, _ value: String) {
        #expect {
            try PlayhouseConfiguration.fromEnvironment([name: value])
        } throws: { error in
            let text = (error as? ConfigurationError)?.description ?? ""
            return text.hasPrefix(name + " must be ") && text.hasSuffix("not '\(value)'")
        }
    }
}
