// SPDX-License-Identifier: GPL-3.0-or-later
// An independent PNG writer for tests: every colour type and bit depth, Adam7 interlacing,
// palette and tRNS, stored (uncompressed) deflate blocks. It shares no code with the decoder
// under test, so decoding its output checks libpng's transforms against values computed here.

/// Raw samples of one pixel, at the file's bit depth: 1 (gray, palette index), 2 (gray+alpha),
/// 3 (RGB) or 4 (RGBA) values.
public typealias Samples = [UInt16]

public struct TestPNG {
  public var width: Int
  public var height: Int
  public var colorType: UInt8  // 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA
  public var bitDepth: UInt8
  public var interlaced = false
  public var palette: [(UInt8, UInt8, UInt8)] = []
  /// tRNS: palette alphas (type 3) or the transparent key sample(s) (types 0 and 2).
  public var transparency: [UInt16]? = nil
  public var pixels: [Samples]  // width*height, row-major

  public init(width: Int, height: Int, colorType: UInt8, bitDepth: UInt8, interlaced: Bool = false,
              palette: [(UInt8, UInt8, UInt8)] = [], transparency: [UInt16]? = nil, pixels: [Samples]) {
    self.width = width
    self.height = height
    self.colorType = colorType
    self.bitDepth = bitDepth
    self.interlaced = interlaced
    self.palette = palette
    self.transparency = transparency
    self.pixels = pixels
  }

  public var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]! }

  /// The RGBA8 a correct decoder must produce.
  public var expectedRGBA: [UInt8] {
    var out: [UInt8] = []
    let maxValue = UInt32((1 << Int(bitDepth)) - 1)
    func to8(_ v: UInt16) -> UInt8 {
      if bitDepth == 16 { return UInt8((UInt32(v) * 255 + 32895) >> 16) }
      return UInt8(UInt32(v) * 255 / maxValue)
    }
    for p in pixels {
      switch colorType {
      case 0:
        let g = to8(p[0])
        let a: UInt8 = transparency.map { $0[0] == p[0] ? 0 : 255 } ?? 255
        out += [g, g, g, a]
      case 2:
        let a: UInt8 = transparency.map { Array($0.prefix(3)) == Array(p.prefix(3)) ? 0 : 255 } ?? 255
        out += [to8(p[0]), to8(p[1]), to8(p[2]), a]
      case 3:
        let (r, g, b) = palette[Int(p[0])]
        let a: UInt8 = transparency.flatMap { Int(p[0]) < $0.count ? UInt8($0[Int(p[0])]) : nil } ?? 255
        out += [r, g, b, a]
      case 4:
        let g = to8(p[0])
        out += [g, g, g, to8(p[1])]
      default:
        out += [to8(p[0]), to8(p[1]), to8(p[2]), to8(p[3])]
      }
    }
    return out
  }

  public func encoded() -> [UInt8] {
    var ihdr: [UInt8] = []
    ihdr += be32(UInt32(width)) + be32(UInt32(height))
    ihdr += [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    file += chunk("IHDR", ihdr)
    if colorType == 3 { file += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
    if let transparency {
      switch colorType {
      case 3: file += chunk("tRNS", transparency.map { UInt8($0) })
      default: file += chunk("tRNS", transparency.flatMap { be16($0) })
      }
    }
    file += chunk("IDAT", zlibStored(rawImageData()))
    file += chunk("IEND", [])
    return file
  }

  /// Filter-type-0 scanlines, by Adam7 pass when interlaced.
  public func rawImageData() -> [UInt8] {
    guard interlaced else { return scanlines(xs: Array(0..<width), ys: Array(0..<height)) }
    let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    var data: [UInt8] = []
    for (x0, y0, dx, dy) in passes {
      let xs = Array(stride(from: x0, to: width, by: dx))
      let ys = Array(stride(from: y0, to: height, by: dy))
      if xs.isEmpty || ys.isEmpty { continue }
      data += scanlines(xs: xs, ys: ys)
    }
    return data
  }

  public func scanlines(xs: [Int], ys: [Int]) -> [UInt8] {
    var data: [UInt8] = []
    for y in ys {
      data.append(0)
      var bits: [UInt8] = []
      var acc = 0, nbits = 0
      for x in xs {
        for v in pixels[y * width + x] {
          switch bitDepth {
          case 16: bits += be16(v)
          case 8: bits.append(UInt8(v))
          default:
            acc = (acc << Int(bitDepth)) | Int(v)
            nbits += Int(bitDepth)
            if nbits == 8 { bits.append(UInt8(acc)); acc = 0; nbits = 0 }
          }
        }
      }
      if nbits > 0 { bits.append(UInt8(acc << (8 - nbits))) }
      data += bits
    }
    return data
  }
}

public func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }
public func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xff)] }

public func crc32(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for b in bytes {
    crc ^= UInt32(b)
    for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }
  return crc ^ 0xFFFF_FFFF
}

public func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
  let typeBytes = Array(type.utf8)
  return be32(UInt32(data.count)) + typeBytes + data + be32(crc32(typeBytes + data))
}

public func zlibStored(_ data: [UInt8]) -> [UInt8] {
  var out: [UInt8] = [0x78, 0x01]
  var offset = 0
  repeat {
    let n = min(65535, data.count - offset)
    let final: UInt8 = offset + n == data.count ? 1 : 0
    out.append(final)
    out += [UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8((~n >> 8) & 0xff)]
    out += data[offset..<(offset + n)]
    offset += n
  } while offset < data.count
  var a: UInt32 = 1, b: UInt32 = 0
  for byte in data {
    a = (a + UInt32(byte)) % 65521
    b = (b + a) % 65521
  }
  return out + be32((b << 16) | a)
}

/// SplitMix64 (G. L. Steele, D. Lea, C. H. Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014, doi:10.1145/2660193.2660195): small, seeded, the same on every platform; the one
/// generator of the tests.
public struct SeededRandom: RandomNumberGenerator {
  public var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  public mutating func int(below n: Int) -> Int { Int(next() % UInt64(n)) }
  /// Uniform in [0, 1).
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}

/// A PNG of the given kind filled with seeded random samples.
public func randomPNG(colorType: UInt8, bitDepth: UInt8, interlaced: Bool, width: Int = 13, height: Int = 11,
               withTransparency: Bool = false, seed: UInt64 = 1) -> TestPNG {
  var rng = SeededRandom(seed: seed &+ UInt64(colorType) * 1000 &+ UInt64(bitDepth) * 10 &+ (interlaced ? 1 : 0))
  let maxSample = (1 << Int(bitDepth)) - 1
  var png = TestPNG(width: width, height: height, colorType: colorType, bitDepth: bitDepth, interlaced: interlaced, pixels: [])
  let paletteSize = min(maxSample + 1, 16)
  if colorType == 3 {
    png.palette = (0..<paletteSize).map { _ in (UInt8(rng.int(below: 256)), UInt8(rng.int(below: 256)), UInt8(rng.int(below: 256))) }
  }
  png.pixels = (0..<(width * height)).map { _ in
    if colorType == 3 { return [UInt16(rng.int(below: paletteSize))] }
    return (0..<png.channels).map { _ in UInt16(rng.int(below: maxSample + 1)) }
  }
  if withTransparency {
    switch colorType {
    case 3: png.transparency = (0..<(paletteSize / 2)).map { _ in UInt16(rng.int(below: 256)) }
    case 0: png.transparency = png.pixels[3]  // a key that occurs
    case 2: png.transparency = png.pixels[5]
    default: break
    }
  }
  return png
}
