/// A QR code (ISO/IEC 18004, model 2) of some text, drawn by the server so that enrolling a second
/// factor loads nothing from elsewhere: byte mode, error correction level M, the smallest of
/// versions 1 to 10 that holds the text (up to 213 bytes), and the mask with the lowest penalty.
struct QRCode {
    /// Rows of modules, `true` for dark.
    let modules: [[Bool]]
    let version: Int
    let mask: Int

    var size: Int { modules.count }

    /// Nil when the text is longer than version 10 holds.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let version = (1...10).first(where: { bytes.count <= Self.capacity(version: $0) }) else { return nil }
        let codewords = Self.interleaved(Self.dataCodewords(bytes, version: version), version: version)
        var grid = Grid(version: version)
        grid.place(codewords)
        var best: (penalty: Int, mask: Int, grid: Grid)?
        for mask in 0..<8 {
            var masked = grid
            masked.apply(mask: mask)
            masked.drawFormat(mask: mask)
            let penalty = masked.penalty()
            if best == nil || penalty < best!.penalty { best = (penalty, mask, masked) }
        }
        modules = best!.grid.modules
        self.version = version
        self.mask = best!.mask
    }

    /// An SVG of the code, `scale` pixels a module, with the quiet zone of four modules around it.
    func svg(scale: Int = 5) -> String {
        let side = (size + 8) * scale
        var path = ""
        for (y, row) in modules.enumerated() {
            for (x, dark) in row.enumerated() where dark { path += "M\(x + 4),\(y + 4)h1v1h-1z" }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)" viewBox="0 0 \(size + 8) \(size + 8)" \
            shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }

    // MARK: - The codewords

    /// Level M, versions 1 to 10: error-correction codewords per block, and the blocks' data
    /// codewords (the short blocks first).
    private static let blocks: [(ecc: Int, data: [Int])] = [
        (10, [16]), (16, [28]), (26, [44]), (18, [32, 32]), (24, [43, 43]), (16, [27, 27, 27, 27]), (18, [31, 31, 31, 31]),
        (22, [38, 38, 39, 39]), (22, [36, 36, 36, 37, 37]), (26, [43, 43, 43, 43, 44]),
    ]

    private static func dataCapacity(version: Int) -> Int { blocks[version - 1].data.reduce(0, +) }

    /// Bytes a version holds: its data bits less the mode and the count.
    static func capacity(version: Int) -> Int { (dataCapacity(version: version) * 8 - 4 - countBits(version)) / 8 }

    private static func countBits(_ version: Int) -> Int { version < 10 ? 8 : 16 }

    /// The mode (byte), the count, the bytes, the terminator and the padding, as codewords.
    static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) { for i in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> i & 1 == 1) } }
        append(0b0100, 4)
        append(bytes.count, countBits(version))
        for byte in bytes { append(Int(byte), 8) }
        let capacity = dataCapacity(version: version) * 8
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var codewords = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while codewords.count < capacity / 8 {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// The data split into blocks, each with its error correction, interleaved column by column.
    private static func interleaved(_ data: [UInt8], version: Int) -> [UInt8] {
        let (eccLength, lengths) = blocks[version - 1]
        var start = 0
        var dataBlocks: [[UInt8]] = [], eccBlocks: [[UInt8]] = []
        for length in lengths {
            let block = Array(data[start..<start + length])
            start += length
            dataBlocks.append(block)
            eccBlocks.append(ReedSolomon.remainder(block, degree: eccLength))
        }
        var result: [UInt8] = []
        for i in 0..<lengths.max()! { for block in dataBlocks where i < block.count { result.append(block[i]) } }
        for i in 0..<eccLength { for block in eccBlocks { result.append(block[i]) } }
        return result
    }

    /// Reed–Solomon error correction over GF(256) with the polynomial 0x11D.
    enum ReedSolomon {
        static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
            var result = 0, x = Int(a)
            for i in 0..<8 where b >> i & 1 == 1 { result ^= x << i }
            for bit in stride(from: 14, through: 8, by: -1) where result >> bit & 1 == 1 { result ^= 0x11D << (bit - 8) }
            return UInt8(result)
        }

        /// The generator of `degree` error-correction codewords: ∏ (x − 2^i), leading 1 left out.
        static func generator(degree: Int) -> [UInt8] {
            var coefficients = [UInt8](repeating: 0, count: degree - 1) + [1]
            var root: UInt8 = 1
            for _ in 0..<degree {
                for j in 0..<degree {
                    coefficients[j] = multiply(coefficients[j], root) ^ (j + 1 < degree ? coefficients[j + 1] : 0)
                }
                root = multiply(root, 2)
            }
            return coefficients
        }

        static func remainder(_ data: [UInt8], degree: Int) -> [UInt8] {
            let generator = generator(degree: degree)
            var result = [UInt8](repeating: 0, count: degree)
            for byte in data {
                let factor = byte ^ result.removeFirst()
                result.append(0)
                for i in 0..<degree { result[i] ^= multiply(generator[i], factor) }
            }
            return result
        }
    }

    // MARK: - The modules

    /// The modules being drawn, and which of them are the patterns' (never masked).
    struct Grid {
        var modules: [[Bool]]
        var reserved: [[Bool]]
        let version: Int
        var size: Int { modules.count }

        private static let alignment: [[Int]] = [
            [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
        ]

        init(version: Int) {
            self.version = version
            let size = version * 4 + 17
            modules = Array(repeating: Array(repeating: false, count: size), count: size)
            reserved = modules
            for i in 0..<size {
                set(6, i, i % 2 == 0)
                set(i, 6, i % 2 == 0)
            }
            for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] { finder(x, y) }
            let centres = Self.alignment[version - 1]
            for (i, y) in centres.enumerated() {
                for (j, x) in centres.enumerated() {
                    let corner = (i == 0 && j == 0) || (i == 0 && j == centres.count - 1) || (i == centres.count - 1 && j == 0)
                    if !corner { align(x, y) }
                }
            }
            drawFormat(mask: 0) // reserves its modules; drawn again once the mask is chosen
            if version >= 7 {
                var remainder = version
                for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
                let bits = version << 12 | remainder
                for i in 0..<18 {
                    let bit = bits >> i & 1 == 1, a = size - 11 + i % 3, b = i / 3
                    set(a, b, bit)
                    set(b, a, bit)
                }
            }
        }

        /// Sets the module at column `x`, row `y`, as a pattern's.
        mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
            modules[y][x] = dark
            reserved[y][x] = true
        }

        private mutating func finder(_ x: Int, _ y: Int) {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                    let distance = max(abs(dx), abs(dy))
                    set(x + dx, y + dy, distance != 2 && distance != 4)
                }
            }
        }

        private mutating func align(_ x: Int, _ y: Int) {
            for dy in -2...2 { for dx in -2...2 { set(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) } }
        }

        /// The format information (level M, the mask) in both of its places, and the dark module.
        mutating func drawFormat(mask: Int) {
            let data = 0b00 << 3 | mask
            var remainder = data
            for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
            let bits = (data << 10 | remainder) ^ 0x5412
            func bit(_ i: Int) -> Bool { bits >> i & 1 == 1 }
            for i in 0...5 { set(8, i, bit(i)) }
            set(8, 7, bit(6))
            set(8, 8, bit(7))
            set(7, 8, bit(8))
            for i in 9..<15 { set(14 - i, 8, bit(i)) }
            for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
            for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
            set(8, size - 8, true)
        }

        /// The codewords' bits in the zigzag of two-module columns, right to left, skipping the
        /// patterns; modules left over are light (the remainder bits).
        mutating func place(_ codewords: [UInt8]) {
            var i = 0
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                for vertical in 0..<size {
                    for j in 0..<2 {
                        let x = right - j, upward = (right + 1) & 2 == 0
                        let y = upward ? size - 1 - vertical : vertical
                        if !reserved[y][x] && i < codewords.count * 8 {
                            modules[y][x] = codewords[i >> 3] >> (7 - i & 7) & 1 == 1
                            i += 1
                        }
                    }
                }
                right -= 2
            }
        }

        mutating func apply(mask: Int) {
            for y in 0..<size {
                for x in 0..<size where !reserved[y][x] {
                    let invert = switch mask {
                    case 0: (x + y) % 2 == 0
                    case 1: y % 2 == 0
                    case 2: x % 3 == 0
                    case 3: (x + y) % 3 == 0
                    case 4: (x / 3 + y / 2) % 2 == 0
                    case 5: x * y % 2 + x * y % 3 == 0
                    case 6: (x * y % 2 + x * y % 3) % 2 == 0
                    default: ((x + y) % 2 + x * y % 3) % 2 == 0
                    }
                    if invert { modules[y][x].toggle() }
                }
            }
        }

        /// The standard's penalty: runs of five or more, 2×2 blocks, finder-like patterns, and
        /// how far the share of dark modules is from half.
        func penalty() -> Int {
            var total = 0
            let columns = (0..<size).map { x in modules.map { $0[x] } }
            let finderLike: [[Bool]] = [[true, false, true, true, true, false, true, false, false, false, false],
                                        [false, false, false, false, true, false, true, true, true, false, true]]
            for line in modules + columns {
                var run = 1
                for i in 1..<size {
                    if line[i] == line[i - 1] {
                        run += 1
                    } else {
                        if run >= 5 { total += run - 2 }
                        run = 1
                    }
                }
                if run >= 5 { total += run - 2 }
                for start in 0...(size - 11) {
                    for pattern in finderLike where Array(line[start..<start + 11]) == pattern { total += 40 }
                }
            }
            for y in 0..<size - 1 {
                for x in 0..<size - 1 {
                    let colour = modules[y][x]
                    if modules[y][x + 1] == colour && modules[y + 1][x] == colour && modules[y + 1][x + 1] == colour { total += 3 }
                }
            }
            let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
            total += abs(dark * 20 - size * size * 10) / (size * size) * 10
            return total
        }
    }
}
