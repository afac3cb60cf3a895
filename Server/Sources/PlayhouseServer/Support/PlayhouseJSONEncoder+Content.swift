import PlayhouseAPI
import Vapor

/// Every JSON answer that Vapor encodes (a `Content`) is written by Playhouse's encoder.
extension PlayhouseJSONEncoder: @retroactive ContentEncoder {
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        headers.setJSONContentType()
        body.writeBytes(try encodeBytes(encodable))
    }
}
