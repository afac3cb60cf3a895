import Foundation
@testable import PlayhouseServer
import Testing

/// Which bytes are kept as images: by their signature, not their file's name.
@Suite struct AssetsTests {
    @Test func imagesAreKnownByTheirSignature() {
        func riff(_ form: String) -> Data { Data("RIFF".utf8) + Data([0x24, 0x08, 0, 0]) + Data(form.utf8) + Data(repeating: 0, count: 16) }
        #expect(Assets.imageType(of: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) == "image/png")
        #expect(Assets.imageType(of: Data([0xFF, 0xD8, 0xFF, 0xE0])) == "image/jpeg")
        #expect(Assets.imageType(of: Data("GIF89a".utf8)) == "image/gif")
        #expect(Assets.imageType(of: riff("WEBPVP8 ")) == "image/webp")
        // Other RIFF files are not images.
        #expect(Assets.imageType(of: riff("WAVEfmt ")) == nil)
        #expect(Assets.imageType(of: riff("AVI LIST")) == nil)
        #expect(Assets.imageType(of: Data("RIFF".utf8)) == nil)
        // SVG could run scripts.
        #expect(Assets.imageType(of: Data(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8)) == nil)
        #expect(Assets.imageType(of: Data()) == nil)
    }
}
