import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Decodes an 8-bit RGB or RGBA PNG (what Chromium writes) far enough to
/// count its colours: a blank or broken page is one or two colours, a drawn
/// one dozens. zlib comes from the system library Chromium itself uses,
/// loaded at run time, so the tests need no package and no Python.
enum PNGColors {
    struct Summary {
        var width: Int
        var height: Int
        var distinctColors: Int
        var nonWhiteFraction: Double
    }

    enum Problem: Error {
        case notPNG
        case unsupported(String)
        case noZlib
        case inflate(Int32)
    }

    static func summarize(_ png: [UInt8]) throws -> Summary {
        guard png.count > 8, png[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw Problem.notPNG }
        var pos = 8
        var width = 0
        var height = 0
        var channels = 0
        var idat: [UInt8] = []
        func u32(_ i: Int) -> Int { Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3]) }
        while pos + 8 <= png.count {
            let length = u32(pos)
            let type = String(decoding: png[(pos + 4)..<(pos + 8)], as: UTF8.self)
            let body = png[(pos + 8)..<min(pos + 8 + length, png.count)]
            switch type {
            case "IHDR":
                width = u32(pos + 8)
                height = u32(pos + 12)
                let depth = body[body.startIndex + 8]
                let colorType = body[body.startIndex + 9]
                let interlace = body[body.startIndex + 12]
                guard depth == 8, interlace == 0, colorType == 2 || colorType == 6 else {
                    throw Problem.unsupported("depth \(depth), colour type \(colorType), interlace \(interlace)")
                }
                channels = colorType == 2 ? 3 : 4
            case "IDAT": idat.append(contentsOf: body)
            default: break
            }
            pos += 12 + length
        }
        let stride = width * channels
        let raw = try inflate(idat, size: height * (stride + 1))
        var previous = [UInt8](repeating: 0, count: stride)
        var line = previous
        var colors = Set<UInt32>()
        var nonWhite = 0
        for y in 0..<height {
            let start = y * (stride + 1)
            let filter = raw[start]
            for x in 0..<stride {
                let v = raw[start + 1 + x]
                let a = x >= channels ? Int(line[x - channels]) : 0
                let b = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let predicted: Int
                switch filter {
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a)
                    let pb = abs(p - b)
                    let pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: predicted = 0
                }
                line[x] = UInt8(truncatingIfNeeded: Int(v) + predicted)
            }
            var x = 0
            while x < stride {
                let rgb = UInt32(line[x]) << 16 | UInt32(line[x + 1]) << 8 | UInt32(line[x + 2])
                colors.insert(rgb)
                if rgb != 0xFFFFFF { nonWhite += 1 }
                x += channels
            }
            swap(&previous, &line)
        }
        return Summary(
            width: width, height: height, distinctColors: colors.count,
            nonWhiteFraction: Double(nonWhite) / Double(max(width * height, 1)))
    }

    private typealias Uncompress =
        @convention(c) (
            UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?,
            UnsafePointer<UInt8>?, UInt
        ) -> Int32

    private static func inflate(_ data: [UInt8], size: Int) throws -> [UInt8] {
        guard let lib = dlopen("libz.so.1", RTLD_NOW) ?? dlopen("libz.so", RTLD_NOW), let symbol = dlsym(lib, "uncompress") else {
            throw Problem.noZlib
        }
        let uncompress = unsafeBitCast(symbol, to: Uncompress.self)
        var out = [UInt8](repeating: 0, count: size)
        var outSize = UInt(size)
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &outSize, i.baseAddress, UInt(data.count)) }
        }
        guard status == 0 else { throw Problem.inflate(status) }
        return out
    }
}
