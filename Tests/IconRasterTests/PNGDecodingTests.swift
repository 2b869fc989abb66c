// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster
import TestSupport
import Testing

struct PNGKind: CustomTestStringConvertible, Sendable {
  var colorType: UInt8
  var bitDepth: UInt8
  var interlaced: Bool
  var transparency: Bool
  var testDescription: String {
    "type \(colorType) depth \(bitDepth)\(interlaced ? " interlaced" : "")\(transparency ? " tRNS" : "")"
  }
}

/// Every colour type × legal bit depth × interlace, with and without tRNS where it applies.
let allKinds: [PNGKind] = {
  let depths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
  var kinds: [PNGKind] = []
  for type in [UInt8(0), 2, 3, 4, 6] {
    for depth in depths[type]! {
      for interlaced in [false, true] {
        for transparency in (type == 0 || type == 2 || type == 3) ? [false, true] : [false] {
          kinds.append(PNGKind(colorType: type, bitDepth: depth, interlaced: interlaced, transparency: transparency))
        }
      }
    }
  }
  return kinds
}()

@Suite struct PNGDecodingTests {
  @Test(arguments: allKinds)
  func decodesEveryKindToExpectedPixels(kind: PNGKind) throws {
    // 13×11 exercises partial bytes for low bit depths and every Adam7 pass with odd sizes.
    let png = randomPNG(colorType: kind.colorType, bitDepth: kind.bitDepth, interlaced: kind.interlaced,
                        withTransparency: kind.transparency)
    let (image, header) = try PNGCodec.decode(png.encoded(), path: "t.png", scale: 2)
    #expect(header.width == 13 && header.height == 11)
    #expect(header.bitDepth == Int(kind.bitDepth) && header.colorType == Int(kind.colorType))
    #expect(header.interlaced == kind.interlaced)
    #expect(image.scale == 2)
    let expected = png.expectedRGBA
    let mismatches = zip(image.pixels, expected).enumerated().filter { $0.element.0 != $0.element.1 }
    #expect(mismatches.isEmpty, "first mismatch at byte \(mismatches.first?.offset ?? -1)")
    #expect(image.pixels.count == expected.count)
  }

  /// libpng's simplified API corrupts 16-bit interlaced images on this Debian; this larger case
  /// (every row of every pass) guards the classic path against it.
  @Test func sixteenBitInterlacedLarge() throws {
    let png = randomPNG(colorType: 6, bitDepth: 16, interlaced: true, width: 67, height: 45, seed: 99)
    let (image, _) = try PNGCodec.decode(png.encoded(), path: "big16.png")
    #expect(image.pixels == png.expectedRGBA)
  }

  @Test func alphaMaskIsAlphaOver255() throws {
    let png = randomPNG(colorType: 6, bitDepth: 8, interlaced: false, seed: 3)
    let (image, _) = try PNGCodec.decode(png.encoded(), path: "a.png", scale: 3)
    let mask = image.alphaMask
    #expect(mask.scale == 3)
    for i in 0..<mask.pixelCount {
      #expect(abs(mask.coverage[i] - Float(png.pixels[i][3]) / 255) < 1e-6)
    }
  }

  @Test func encodeDecodeRoundTrip() throws {
    let png = randomPNG(colorType: 6, bitDepth: 8, interlaced: false, width: 31, height: 17, seed: 5)
    let (image, _) = try PNGCodec.decode(png.encoded(), path: "a.png")
    let (again, header) = try PNGCodec.decode(PNGCodec.encode(image), path: "b.png")
    #expect(again.pixels == image.pixels)
    #expect(header.colorType == 6 && header.bitDepth == 8)
  }
}

@Suite struct PNGErrorTests {
  static let good = randomPNG(colorType: 6, bitDepth: 8, interlaced: false, width: 20, height: 20).encoded()

  @Test func notAPNG() {
    #expect(throws: RasterError.notPNG(path: "x.png")) { try PNGCodec.decode(Array("GIF89a........".utf8), path: "x.png") }
    // A JPEG named .png.
    #expect(throws: RasterError.notPNG(path: "j.png")) { try PNGCodec.decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 74, 70, 73, 70], path: "j.png") }
  }

  @Test(arguments: [9, 20, 33, 40, 60, 100])
  func truncated(at length: Int) {
    #expect(throws: RasterError.truncated(path: "t.png")) {
      try PNGCodec.decode(Array(Self.good.prefix(length)), path: "t.png")
    }
  }

  /// IDAT starts after the signature (8) and IHDR (25 bytes); its CRC follows its data.
  static var idatRange: (dataStart: Int, crcStart: Int) {
    let start = 8 + 25
    let length = Int(good[start]) << 24 | Int(good[start + 1]) << 16 | Int(good[start + 2]) << 8 | Int(good[start + 3])
    return (start + 8, start + 8 + length)
  }

  @Test func crcErrorInIDAT() {
    var bytes = Self.good
    bytes[Self.idatRange.crcStart] ^= 0x55
    #expect {
      try PNGCodec.decode(bytes, path: "c.png")
    } throws: { error in
      guard case .crcError(let path, let detail) = error as? RasterError else { return false }
      return path == "c.png" && detail.contains("IDAT")
    }
  }

  /// Flipped image data: zlib's checksum fails before the chunk's CRC is read.
  @Test func corruptCompressedData() {
    var bytes = Self.good
    bytes[Self.idatRange.dataStart + 10] ^= 0x55
    #expect {
      try PNGCodec.decode(bytes, path: "c.png")
    } throws: { error in
      switch error as? RasterError {
      case .corrupt(let path, _), .crcError(let path, _): return path == "c.png"
      default: return false
      }
    }
  }

  @Test func crcErrorInIHDR() {
    var bytes = Self.good
    bytes[8 + 8 + 3] ^= 0x01  // width's low byte, CRC left as it was
    #expect {
      try PNGCodec.decode(bytes, path: "h.png")
    } throws: { error in
      if case .crcError = error as? RasterError { return true }
      return false
    }
  }

  @Test func zeroWidthHeader() {
    var png = randomPNG(colorType: 0, bitDepth: 8, interlaced: false, width: 1, height: 1)
    png.width = 0
    png.pixels = []
    #expect {
      try PNGCodec.decode(png.encoded(), path: "z.png")
    } throws: { error in
      if case .badHeader(let path, _) = error as? RasterError { return path == "z.png" }
      return false
    }
  }

  @Test func badBitDepth() {
    var bytes = randomPNG(colorType: 2, bitDepth: 8, interlaced: false, width: 2, height: 2).encoded()
    // Rewrite IHDR with RGB at depth 4 (illegal) and a correct CRC.
    let ihdr = Array(bytes[16..<29])
    var patched = ihdr
    patched[8] = 4
    let fixed = chunk("IHDR", patched)
    bytes.replaceSubrange(8..<33, with: fixed)
    #expect {
      try PNGCodec.decode(bytes, path: "d.png")
    } throws: { error in
      if case .badHeader = error as? RasterError { return true }
      return false
    }
  }

  /// A 100000×100000 header is rejected before any pixel memory is allocated.
  @Test func oversizeHeaderRejectedWithoutAllocating() {
    var header = be32(100_000) + be32(100_000)
    header += [8, 6, 0, 0, 0]
    let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", zlibStored([0, 0, 0, 0, 0])) + chunk("IEND", [])
    #expect {
      try PNGCodec.decode(bytes, path: "huge.png")
    } throws: { error in
      guard case .tooLarge(let path, let w, let h, _) = error as? RasterError else { return false }
      return path == "huge.png" && w == 100_000 && h == 100_000
    }
  }

  @Test("an empty file is called empty, not a file with a bad signature")
  func emptyFile() {
    #expect(throws: RasterError.unreadableFile(path: "e.png", reason: "the file is empty")) {
      _ = try PNGCodec.decode([], path: "e.png")
    }
    #expect(RasterError.unreadableFile(path: "e.png", reason: "the file is empty").reason == "cannot read the file (the file is empty)")
  }

  @Test func configurableLimits() throws {
    let limits = DecodeLimits(maxSide: 16, maxPixels: 1000)
    #expect(throws: RasterError.self) { try PNGCodec.decode(Self.good, path: "g.png", limits: limits) }
    let byPixels = DecodeLimits(maxSide: 100, maxPixels: 399)
    #expect(throws: RasterError.self) { try PNGCodec.decode(Self.good, path: "g.png", limits: byPixels) }
    // The message names the limit that was passed, and its option.
    #expect {
      try PNGCodec.decode(Self.good, path: "g.png", limits: limits)
    } throws: { ($0 as? RasterError)?.reason == "image is 20×20 px, over the limit of 16 px a side (--max-side)" }
    #expect {
      try PNGCodec.decode(Self.good, path: "g.png", limits: byPixels)
    } throws: { ($0 as? RasterError)?.reason == "image is 20×20 px = 400 pixels, over the limit of 399 pixels (--max-pixels)" }
    _ = try PNGCodec.decode(Self.good, path: "g.png", limits: DecodeLimits(maxSide: 20, maxPixels: 400))
  }

  @Test func errorMessagesNameTheFile() {
    let error = RasterError.truncated(path: "icons/tab@2x.png")
    #expect(error.description.hasPrefix("icons/tab@2x.png: "))
    #expect(error.description.contains("truncated"))
  }
}
