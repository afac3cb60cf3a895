import Foundation
import PlayhouseAPI
import Vapor

/// `POST /v1/batch` (Betable's batch requests): runs up to 50 sub-requests in dependency order,
/// each through the whole server as if called alone (the same token, scopes, idempotency and
/// errors), and answers every sub-response with its body as JSON.
struct BatchController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("batch", use: run)
    }

    func run(_ request: Request) async throws -> BatchResponseBody {
        _ = try request.principal
        let plan = try BatchPlan(try request.decodeBody(BatchRequestBody.self))
        var results: [String: JSONValue] = [:]
        var failed: Set<String> = []
        var answers: [String: BatchSubResponse] = [:]
        for position in plan.order {
            let sub = plan.requests[position]
            let answer: BatchSubResponse
            if let dependency = sub.dependsOn.first(where: failed.contains) {
                answer = try problem(.failedDependency, status: .failedDependency, name: sub.name, request: request,
                                     parameters: ["dependency": dependency])
            } else {
                do {
                    let path = try BatchPlan.resolve(sub.path, results).text
                    let body = try sub.body.map { value throws(BatchPlan.Unresolved) in try BatchPlan.resolve(value, results) }
                    answer = try await dispatch(sub, path: path, body: body, for: request)
                } catch let unresolved as BatchPlan.Unresolved {
                    answer = try problem(.unresolvedReference, status: .unprocessableEntity, name: sub.name, request: request,
                                         parameters: ["reference": unresolved.reference])
                }
            }
            if answer.status >= 400 { failed.insert(sub.name) }
            results[sub.name] = .object(["status": .integer(Int64(answer.status)), "body": answer.body])
            answers[sub.name] = answer
        }
        return BatchResponseBody(responses: plan.requests.compactMap { answers[$0.name] })
    }

    /// Sends one sub-request through the application, with the batch's credentials.
    private func dispatch(_ sub: BatchSubRequest, path: String, body: JSONValue?, for batch: Request) async throws -> BatchSubResponse {
        var headers = HTTPHeaders()
        for name in ["Authorization", "Accept-Language", "User-Agent"] {
            if let value = batch.headers.first(name: name) { headers.add(name: name, value: value) }
        }
        if let key = sub.idempotencyKey { headers.add(name: IdempotentRequest.header, value: key) }
        var buffer: ByteBuffer?
        if let body {
            headers.add(name: .contentType, value: "application/json")
            buffer = ByteBuffer(data: try PlayhouseJSON.makeEncoder().encode(body))
        }
        let request = Request(application: batch.application, method: HTTPMethod(rawValue: sub.method), url: URI(string: path),
                              version: batch.version, headers: headers, collectedBody: buffer, remoteAddress: batch.remoteAddress,
                              logger: batch.logger, on: batch.eventLoop)
        let response = try await batch.application.responder.respond(to: request).get()
        var data = response.body.data
        if data == nil, let collected = try await response.body.collect(on: batch.eventLoop).get() { data = Data(buffer: collected) }
        let json = data.flatMap { $0.isEmpty ? nil : try? JSONValue(parsing: $0) } ?? .null
        return BatchSubResponse(name: sub.name, status: Int(response.status.code), body: json)
    }

    /// A sub-response carrying a problem body, localised like any other.
    private func problem(_ code: ErrorCode, status: HTTPStatus, name: String, request: Request,
                         parameters: [String: String]) throws -> BatchSubResponse {
        let problem = PlayhouseProblem(status, code, parameters: parameters)
        let body = ProblemMiddleware.body(for: problem, request: request)
        return BatchSubResponse(name: name, status: Int(status.code), body: try JSONValue(decoding: body))
    }
}

private extension JSONValue {
    init(decoding value: some Encodable) throws {
        self = try JSONValue(parsing: PlayhouseJSON.makeEncoder().encodeBytes(value))
    }
}
