import Foundation
import PlayhouseAPI

/// A form POSTed to an OAuth endpoint as this client: with HTTP Basic when the configuration has a
/// secret, otherwise with the bare `client_id` of a public client (RFC 6749 §2.3.1).
struct ClientForm: Sendable {
    let configuration: PlayhouseClient.Configuration

    func request(_ path: String, _ fields: [(String, String)], isRetryable: Bool? = nil) -> HTTPRequest {
        var fields = fields
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
                       "Accept-Language": configuration.acceptLanguage]
        if let secret = configuration.clientSecret {
            let credentials = "\(Self.encode(configuration.clientID)):\(Self.encode(secret))"
            headers["Authorization"] = "Basic " + Data(credentials.utf8).base64EncodedString()
        } else {
            fields.append(("client_id", configuration.clientID))
        }
        let body = fields.map { "\($0.0)=\(Self.encode($0.1))" }.joined(separator: "&")
        return HTTPRequest(method: "POST", url: configuration.baseURL.appendingPathComponent(path), headers: headers,
                           body: Data(body.utf8), isRetryable: isRetryable)
    }

    /// Sends the form and decodes a 2xx answer; any other status is the server's error.
    func send<Answer: Decodable>(_ request: HTTPRequest, through pipeline: Pipeline) async throws -> Answer {
        let response = try await pipeline.send(request)
        guard (200..<300).contains(response.status) else { throw PlayhouseError(response: response) }
        guard let answer = try? PlayhouseJSON.makeDecoder().decode(Answer.self, from: response.body) else {
            throw PlayhouseError(code: .badResponse, status: response.status,
                                 message: "The answer of \(request.url.path) could not be read.")
        }
        return answer
    }

    /// Form-url-encoding of a field or Basic credential part.
    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
