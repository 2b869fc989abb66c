// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import IconRaster
import Testing
import TestSupport

/// What decoding a PNG came to: the image's size, or the kind of error.
enum PNGOutcome: Equatable, CustomStringConvertible {
  case decoded(width: Int, height: Int)
  case notPNG, truncated, crc, badHeader, tooLarge, fileTooLarge, corrupt, outOfMemory, other

  init(_ bytes: [UInt8], limits: DecodeLimits = .default, path: String = "case.png") {
    do {
      let (image, _) = try PNGCodec.decode(bytes, path: path, limits: limits)
      self = .decoded(width: image.width, height: image.height)
    } catch {
      #expect(error.path == path, "the error names the file")
      #expect(error.description.hasPrefix(path + ": "))
      switch error {
      case .notPNG: self = .notPNG
      case .truncated: self = .truncated
      case .crcError: self = .crc
      case .badHeader: self = .badHeader
      case .tooLarge: self = .tooLarge
      case .fileTooLarge: self = .fileTooLarge
      case .corrupt: self = .corrupt
      case .outOfMemory: self = .outOfMemory
      default: self = .other
      }
    }
  }

  var description: String {
    switch self {
    case .decoded(let w, let h): return "decoded \(w)×\(h)"
    case .notPNG: return "notPNG"
    case .truncated: return "truncated"
    case .crc: return "crc"
    case .badHeader: return "badHeader"
    case .tooLarge: return "tooLarge"
    case .fileTooLarge: return "fileTooLarge"
    case .corrupt: return "corrupt"
    case .outOfMemory: return "outOfMemory"
    case .other: return "other"
    }
  }
}

/// A palette PNG carrying every chunk type libpng reads, in a legal order, with its IDAT split in two.
enum EveryChunkPNG {
  static let width = 6, height = 5
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static var chunks: [(type: String, data: [UInt8])] {
    let palette: [UInt8] = [0, 0, 0, 255, 255, 255, 128, 64, 32, 10, 20, 30]
    // 8-bit palette indices 0…3, filter 0 per row.
    var raw: [UInt8] = []
    for y in 0..<height {
      raw.append(0)
      for x in 0..<width { raw.append(UInt8((x + y) % 4)) }
    }
    let stream = zlibStored(raw)
    let half = stream.count / 2
    return [
      ("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 3, 0, 0, 0]),
      ("gAMA", be32(45455)),
      ("cHRM", [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000].flatMap { be32($0) }),
      ("sBIT", [8, 8, 8]),
      ("sRGB", [0]),
      ("PLTE", palette),
      ("tRNS", [0, 255, 128]),
      ("bKGD", [1]),
      ("hIST", [0, 1, 0, 2, 0, 3, 0, 4]),
      ("pHYs", be32(2835) + be32(2835) + [1]),
      ("sPLT", Array("p".utf8) + [0, 8] + [1, 2, 3, 4, 0, 5]),
      ("tIME", be16(2024) + [1, 2, 3, 4, 5]),
      ("tEXt", Array("Title".utf8) + [0] + Array("icon".utf8)),
      ("zTXt", Array("Comment".utf8) + [0, 0] + zlibStored(Array("hello".utf8))),
      ("iTXt", Array("Author".utf8) + [0, 0, 0] + Array("en".utf8) + [0, 0] + Array("me".utf8)),
      ("eXIf", [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00]),
      ("IDAT", Array(stream[..<half])),
      ("IDAT", Array(stream[half...])),
      ("IEND", []),
    ]
  }

  static func assemble(_ chunks: [(type: String, data: [UInt8])]) -> [UInt8] {
    signature + chunks.flatMap { chunk($0.type, $0.data) }
  }

  static var bytes: [UInt8] { assemble(chunks) }

  /// Byte offset where chunk `index` starts (its length field).
  static func offset(of index: Int) -> Int {
    8 + chunks.prefix(index).reduce(0) { $0 + 12 + $1.data.count }
  }

  static func isCritical(_ type: String) -> Bool { type.first!.isUppercase }
}

@Suite struct MalformedPNGTests {
  @Test func theEveryChunkFileIsValid() throws {
    #expect(PNGOutcome(EveryChunkPNG.bytes) == .decoded(width: 6, height: 5))
    // tRNS applies: index 0 is transparent.
    let (image, header) = try PNGCodec.decode(EveryChunkPNG.bytes, path: "all.png")
    #expect(header.hasTransparencyChunk && header.colorType == 3)
    #expect(image.pixels[3] == 0 && image.pixels[7] == 255)
  }

  /// Cut in the middle of each chunk, and just before it: always `truncated`, whatever the chunk.
  @Test(arguments: Array(EveryChunkPNG.chunks.indices))
  func truncatedInEveryChunk(index: Int) {
    let bytes = EveryChunkPNG.bytes
    let start = EveryChunkPNG.offset(of: index)
    let type = EveryChunkPNG.chunks[index].type
    let middle = start + (12 + EveryChunkPNG.chunks[index].data.count) / 2
    #expect(PNGOutcome(Array(bytes[..<middle])) == .truncated, "cut inside \(type)")
    #expect(PNGOutcome(Array(bytes[..<start])) == .truncated, "cut before \(type)")
    #expect(PNGOutcome(Array(bytes[..<(start + 4)])) == .truncated, "cut after \(type)'s length")
  }

  /// Shorter than the signature, or a bad signature.
  @Test func truncatedSignatureAndOtherFormats() throws {
    let bytes = EveryChunkPNG.bytes
    for n in 1..<8 { #expect(PNGOutcome(Array(bytes[..<n])) == .notPNG, "\(n) bytes") }  // 0 bytes: an empty file (PNGDecodingTests)
    let jpeg = try [UInt8](Data(contentsOf: corpusFile("photo.jpg")))
    #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF], "the fixture is a real JPEG")
    #expect(PNGOutcome(jpeg) == .notPNG)
    #expect(PNGOutcome(Array("GIF89a".utf8) + [1, 0, 1, 0]) == .notPNG)
    // A PNG signature with its line-ending bytes converted (a text-mode transfer).
    var mangled = bytes
    mangled.replaceSubrange(4..<6, with: [0x0A])
    #expect(PNGOutcome(mangled) == .notPNG)
  }

  /// A flipped bit in each chunk's CRC: a critical chunk fails (`crc`); an ancillary chunk is dropped
  /// with a warning and the image decodes (iOS and browsers do the same).
  @Test(arguments: Array(EveryChunkPNG.chunks.indices))
  func badCRCInEveryChunk(index: Int) {
    var bytes = EveryChunkPNG.bytes
    let type = EveryChunkPNG.chunks[index].type
    let crcOffset = EveryChunkPNG.offset(of: index) + 8 + EveryChunkPNG.chunks[index].data.count
    bytes[crcOffset] ^= 0x10
    let expected: PNGOutcome = EveryChunkPNG.isCritical(type) ? .crc : .decoded(width: 6, height: 5)
    #expect(PNGOutcome(bytes) == expected, "\(type)")
  }

  /// A flipped bit in each chunk's data with the CRC made to match: what libpng makes of the content.
  @Test func flippedDataWithValidCRC() {
    var outcomes: [String: PNGOutcome] = [:]
    for (index, entry) in EveryChunkPNG.chunks.enumerated() where !entry.data.isEmpty {
      var chunks = EveryChunkPNG.chunks
      chunks[index].data[0] ^= 0x80
      outcomes[entry.type + (entry.type == "IDAT" ? "\(index)" : "")] = PNGOutcome(EveryChunkPNG.assemble(chunks))
    }
    let decoded = PNGOutcome.decoded(width: 6, height: 5)
    let expected: [String: PNGOutcome] = [
      "IHDR": .tooLarge,  // width's top byte: 2^31 + 6 px, refused before libpng sees it
      "PLTE": decoded,  // a colour changes
      "IDAT16": .corrupt,  // zlib header (compression method) broken
      "IDAT17": .corrupt,  // a stored block's length no longer matches its complement
      // Ancillary chunks with nonsense content are ignored or clamped.
      "gAMA": decoded, "cHRM": decoded, "sBIT": decoded, "sRGB": decoded, "tRNS": decoded, "bKGD": decoded,
      "hIST": decoded, "pHYs": decoded, "sPLT": decoded, "tIME": decoded, "tEXt": decoded, "zTXt": decoded,
      "iTXt": decoded, "eXIf": decoded,
    ]
    for (type, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
      #expect(outcome == expected[type], "\(type): \(outcome)")
    }
    #expect(outcomes.count == expected.count)
  }

  /// Chunk lengths that lie: beyond the file, over PNG's 2^31 − 1, zero for IHDR, and chunk order broken.
  @Test func lyingLengthsAndOrder() {
    let bytes = EveryChunkPNG.bytes
    let idat = EveryChunkPNG.offset(of: 16)
    var beyond = bytes
    beyond.replaceSubrange(idat..<(idat + 4), with: be32(1_000_000))
    #expect(PNGOutcome(beyond) == .truncated)
    var overRange = bytes
    overRange.replaceSubrange(idat..<(idat + 4), with: be32(0xFFFF_FFF0))
    #expect(PNGOutcome(overRange) == .corrupt)
    // IHDR missing: the first chunk is gAMA ("Missing IHDR before gAMA").
    var chunks = EveryChunkPNG.chunks
    chunks.removeFirst()
    #expect(PNGOutcome(EveryChunkPNG.assemble(chunks)) == .badHeader)
    // No IDAT at all.
    chunks = EveryChunkPNG.chunks.filter { $0.type != "IDAT" }
    #expect(PNGOutcome(EveryChunkPNG.assemble(chunks)) == .corrupt)
    // No PLTE in a palette image.
    chunks = EveryChunkPNG.chunks.filter { $0.type != "PLTE" && $0.type != "tRNS" && $0.type != "hIST" && $0.type != "bKGD" }
    #expect(PNGOutcome(EveryChunkPNG.assemble(chunks)) == .corrupt)
    // Two IHDRs.
    chunks = EveryChunkPNG.chunks
    chunks.insert(chunks[0], at: 1)
    #expect(PNGOutcome(EveryChunkPNG.assemble(chunks)) == .badHeader)
    // An unknown critical chunk.
    chunks = EveryChunkPNG.chunks
    chunks.insert(("QUUX", [1, 2, 3]), at: 5)
    #expect(PNGOutcome(EveryChunkPNG.assemble(chunks)) == .corrupt)
    // An unknown ancillary chunk is skipped.
    chunks = EveryChunkPNG.chunks
    chunks.insert(("quUx", [1, 2, 3]), at: 5)
    #expect(PNGOutcome(EveryChunkPNG.assemble(chunks)) == .decoded(width: 6, height: 5))
  }

  /// Headers: zero sizes, over the limits, over 2^31, bad depth and type, unknown methods.
  @Test func headers() {
    func header(width: UInt32, height: UInt32, depth: UInt8 = 8, type: UInt8 = 6, compression: UInt8 = 0,
                filter: UInt8 = 0, interlace: UInt8 = 0) -> [UInt8] {
      EveryChunkPNG.signature + chunk("IHDR", be32(width) + be32(height) + [depth, type, compression, filter, interlace])
        + chunk("IDAT", zlibStored([0, 0, 0, 0, 0])) + chunk("IEND", [])
    }
    #expect(PNGOutcome(header(width: 0, height: 1)) == .badHeader)
    #expect(PNGOutcome(header(width: 1, height: 0)) == .badHeader)
    #expect(PNGOutcome(header(width: 0, height: 0)) == .badHeader)
    #expect(PNGOutcome(header(width: 100_000, height: 100_000)) == .tooLarge)
    #expect(PNGOutcome(header(width: 16_385, height: 1)) == .tooLarge)
    #expect(PNGOutcome(header(width: 16_384, height: 4_097)) == .tooLarge, "over 64 M pixels")
    #expect(PNGOutcome(header(width: 0x8000_0000, height: 1)) == .tooLarge)
    #expect(PNGOutcome(header(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF)) == .tooLarge)
    #expect(PNGOutcome(header(width: 1, height: 1, depth: 3)) == .badHeader)
    #expect(PNGOutcome(header(width: 1, height: 1, depth: 16, type: 3)) == .badHeader)
    #expect(PNGOutcome(header(width: 1, height: 1, type: 5)) == .badHeader)
    #expect(PNGOutcome(header(width: 1, height: 1, compression: 1)) == .badHeader)
    #expect(PNGOutcome(header(width: 1, height: 1, filter: 1)) == .badHeader)
    #expect(PNGOutcome(header(width: 1, height: 1, interlace: 2)) == .badHeader)
    // Limits are the caller's.
    let small = DecodeLimits(maxSide: 4, maxPixels: 12)
    #expect(PNGOutcome(header(width: 5, height: 1), limits: small) == .tooLarge)
    #expect(PNGOutcome(header(width: 4, height: 4), limits: small) == .tooLarge)
  }

  /// The hand-made zero stream is valid deflate: libpng inflates it to exactly the image it describes.
  @Test func zeroStreamIsValid() throws {
    let (stream, inflated) = zlibZeros(groups: 4)
    #expect(inflated == 23 * 359)
    let png = EveryChunkPNG.signature + chunk("IHDR", be32(358) + be32(23) + [8, 0, 0, 0, 0]) + chunk("IDAT", stream)
      + chunk("IEND", [])
    let (image, _) = try PNGCodec.decode(png, path: "zeros.png")
    #expect(image.width == 358 && image.pixels.allSatisfy { $0 == 0 || $0 == 255 })
  }

  /// Decompression bombs: a 7 MB stream that inflates to a gibibyte behind a 1×1 header, behind a
  /// 64×64 header, and behind a header over the limit; all refused without inflating more than the
  /// image could hold. Also 1000 zTXt chunks of compressed megabytes (skipped unread) and a bomb
  /// behind a large legitimate header (inflated only as far as the image goes). The work is
  /// counted (bytes libpng read and allocated, bytes the check inflated), not timed: the bounds
  /// hold on a loaded machine as on an idle one (they were 2–10 s clocks).
  @Test func decompressionBombs() throws {
    let (bomb, inflated) = zlibZeros(groups: (1 << 30) / 2064)
    #expect(inflated > 1 << 29 && bomb.count < 8 << 20, "\(bomb.count) bytes inflate to \(inflated)")
    let idat = fastChunk("IDAT", bomb)
    func png(_ width: UInt32, _ height: UInt32) -> [UInt8] {
      EveryChunkPNG.signature + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0]) + idat + chunk("IEND", [])
    }
    // The work a decode did, by count (deterministic: no clock): compressed bytes libpng read (it
    // inflates at most 1032 bytes a byte), bytes it allocated, bytes the bomb check inflated.
    func work(_ bytes: [UInt8], _ outcome: PNGOutcome) -> PNGCodec.Work {
      let before = PNGCodec.workOnThisThread
      #expect(PNGOutcome(bytes) == outcome)
      return PNGCodec.workOnThisThread - before
    }
    // The check inflates at most the image, its slack (an eighth and 64 KiB) and one 16 KiB buffer.
    func checkBound(_ width: UInt64, _ height: UInt64) -> UInt64 {
      let expected = height * (1 + 4 * width)
      return expected + expected / 8 + 65536 + 16384
    }
    for (size, bound) in [(UInt32(1), UInt64(32 << 10)), (64, 32 << 10)] {
      let done = work(png(size, size), .corrupt)
      #expect(done.bytesReadByLibPNG <= bound, "refused without inflating the gibibyte: libpng read \(done.bytesReadByLibPNG) of \(bomb.count) bytes")
      #expect(done.bytesInflatedByCheck <= checkBound(UInt64(size), UInt64(size)), "\(done)")
    }
    // Over the limit: refused from the header, the image data neither read nor inflated.
    let header = work(png(65_536, 16_384), .tooLarge)
    #expect(header.bytesReadByLibPNG <= 32 << 10 && header.bytesInflatedByCheck == 0, "\(header)")
    do {
      _ = try PNGCodec.decode(png(1, 1), path: "bomb.png")
    } catch {
      #expect(error.description.contains("decompression bomb"), "\(error)")
    }
    // Up to 16 KiB of compressed data is left to libpng (at most 16 MiB of inflating): a small bomb
    // behind a 1×1 header decodes, with the extra data ignored, and is not checked.
    let (small, _) = zlibZeros(groups: 1200)
    #expect(small.count <= 16384)
    let smallBomb = EveryChunkPNG.signature + chunk("IHDR", be32(1) + be32(1) + [8, 6, 0, 0, 0]) + fastChunk("IDAT", small) + chunk("IEND", [])
    let smallWork = work(smallBomb, .decoded(width: 1, height: 1))
    #expect(smallWork.bytesReadByLibPNG <= UInt64(smallBomb.count) && smallWork.bytesInflatedByCheck == 0, "\(smallWork)")
    // 4096×2048 RGBA within the limits: 32 MiB of scanlines, then the rest of the gibibyte: libpng
    // reads what the rows take and the guard's trip, the check inflates the image and its slack.
    let large = work(png(4096, 2048), .corrupt)
    // (This stream is uniform, about 150:1: 32 MiB of rows take about 220 KB of it; the check trips
    // within the next 8 KiB read.)
    #expect(large.bytesReadByLibPNG <= UInt64(bomb.count) / 20, "libpng inflated under 5% of the gibibyte: \(large)")
    #expect(large.bytesInflatedByCheck <= checkBound(4096, 2048), "\(large)")
    // A thousand zTXt chunks, each a compressed 4 MiB of zeros: skipped unread (libpng allocates
    // nothing for them; inflated, each would be a 4 MiB buffer).
    let (text, _) = zlibZeros(groups: (4 << 20) / 2064)
    let one = fastChunk("zTXt", Array("Comment".utf8) + [0, 0] + text)
    var zTXt: [UInt8] = []
    zTXt.reserveCapacity(one.count * 1000)
    for _ in 0..<1000 { zTXt.append(contentsOf: one) }
    let good = EveryChunkPNG.signature + chunk("IHDR", be32(1) + be32(1) + [8, 6, 0, 0, 0]) + zTXt
      + chunk("IDAT", zlibStored([0, 0, 0, 0, 255])) + chunk("IEND", [])
    let texts = work(good, .decoded(width: 1, height: 1))
    #expect(texts.bytesAllocatedByLibPNG < 1 << 20 && texts.bytesInflatedByCheck == 0, "zTXt chunks are skipped, not inflated: \(texts)")
    // The byte limit holds before decoding (default 64 MiB; here 1 MiB).
    let limits = DecodeLimits(maxFileBytes: 1 << 20)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(png(1, 1)).write(to: URL(fileURLWithPath: folder + "/bomb.png"))
    #expect {
      try PNGCodec.decodeFile(atPath: folder + "/bomb.png", limits: limits)
    } throws: { error in
      guard case .fileTooLarge(let path, let bytes, 1 << 20) = error as? RasterError else { return false }
      return path.hasSuffix("bomb.png") && bytes > 1 << 20
    }
  }

  /// A sound PNG over 16 KiB of IDAT data is inflated once (by libpng): the bomb check inflates the
  /// stream again only when libpng's reading gives it a reason. Data after the image is such a reason,
  /// and the check's verdict is the one it gave when it ran before libpng: within its slack (an
  /// eighth of the image and 64 KiB) the image decodes, beyond it the file is refused, whether the
  /// extra data is small enough for libpng to swallow or trips the guard while libpng reads it.
  @Test func soundFilesAreInflatedOnce() throws {
    var random = SeededRandom(seed: 18)
    for (interlaced, depth) in [(false, 8), (true, 8), (true, 16)] {
      let limit = depth == 16 ? 65536 : 256
      let pixels = (0..<(120 * 90)).map { _ in (0..<4).map { _ in UInt16(random.int(below: limit)) } }
      let png = TestPNG(width: 120, height: 90, colorType: 6, bitDepth: UInt8(depth), interlaced: interlaced,
                        pixels: pixels)
      let bytes = png.encoded()
      #expect(bytes.count > 40_000)
      let before = PNGCodec.bombChecksOnThisThread
      let (image, _) = try PNGCodec.decode(bytes, path: "sound.png")
      #expect(PNGCodec.bombChecksOnThisThread == before, "interlaced \(interlaced), \(depth)-bit: inflated once")
      #expect(image.pixels == png.expectedRGBA)
    }
    // 120×90 RGBA: 43,320 bytes of scanlines in non-final stored blocks, then a fixed-Huffman block
    // of zeros after the image (the zero stream's deflate bytes), one zlib stream.
    let png = TestPNG(width: 120, height: 90, colorType: 6, bitDepth: 8,
                      pixels: (0..<(120 * 90)).map { _ in (0..<4).map { _ in UInt16(random.int(below: 256)) } })
    let raw = png.rawImageData()
    func withExtra(groups: Int) -> [UInt8] {
      let (zeros, count) = zlibZeros(groups: groups)
      var stream: [UInt8] = [0x78, 0x01]
      for start in stride(from: 0, to: raw.count, by: 65535) {
        let n = min(65535, raw.count - start)
        stream += [0, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8((~n >> 8) & 0xff)]
        stream += raw[start..<(start + n)]
      }
      stream += zeros[2..<(zeros.count - 4)]
      var a: UInt64 = 1, b: UInt64 = 0
      for byte in raw {
        a = (a + UInt64(byte)) % 65521
        b = (b + a) % 65521
      }
      b = (b + UInt64(count) * a) % 65521  // zeros add a to b each
      stream += be32(UInt32(b << 16 | a))
      let header = be32(120) + be32(90) + [8, 6, 0, 0, 0]
      return EveryChunkPNG.signature + chunk("IHDR", header) + fastChunk("IDAT", stream) + chunk("IEND", [])
    }
    var before = PNGCodec.bombChecksOnThisThread
    #expect(PNGOutcome(withExtra(groups: 2)) == .decoded(width: 120, height: 90), "4 KB after the image: in the slack")
    #expect(PNGCodec.bombChecksOnThisThread == before + 1)
    for groups in [100, 40_000] {  // 0.2 MB (1.3 KB compressed, swallowed by libpng), 83 MB (0.5 MB compressed)
      let bytes = withExtra(groups: groups)
      before = PNGCodec.bombChecksOnThisThread
      let work = PNGCodec.workOnThisThread
      do {
        _ = try PNGCodec.decode(bytes, path: "extra.png")
        Issue.record("\(groups) groups of zeros after the image decoded")
      } catch {
        #expect(error.description.contains("decompression bomb"), "\(error)")
      }
      #expect(PNGCodec.bombChecksOnThisThread == before + 1)
      // Refused for what the check inflated, the image and its slack, not the 83 MB.
      let done = PNGCodec.workOnThisThread - work
      let expected: UInt64 = 90 * (1 + 4 * 120)
      #expect(done.bytesInflatedByCheck <= expected + expected / 8 + 65536 + 16384 && done.bytesReadByLibPNG <= UInt64(bytes.count), "\(done)")
    }
  }

  /// Readable edge cases are measured, and every measurement is finite.
  @Test(arguments: [(1, 1, 255), (1, 1, 0), (44, 44, 0), (44, 44, 255), (1, 300, 255), (300, 1, 128), (2, 2, 1)])
  func degenerateImagesAreMeasuredFinite(size: (Int, Int, Int)) throws {
    let (width, height, alpha) = size
    let pixels = [[UInt16]](repeating: [0, 0, 0, UInt16(alpha)], count: width * height)
    let png = TestPNG(width: width, height: height, colorType: 6, bitDepth: 8, pixels: pixels).encoded()
    let (image, _) = try PNGCodec.decode(png, path: "edge.png", scale: 2)
    let metrics = MetricsEngine.measure(image.alphaMask, colors: image)
    let encoded = try JSONEncoder().encode(metrics)  // throws on NaN or infinity
    #expect(!encoded.isEmpty)
    if alpha == 0 {
      #expect(metrics.inkAreaPt2 == 0 && metrics.perceivedSizePt == 0)
    }
    if alpha == 255 && width == 44 {
      #expect(abs(metrics.inkAreaPt2 - 22 * 22) < 0.01)
    }
  }
}

/// A file of Tests/RobustnessTests/Corpus (small committed fixtures).
func corpusFile(_ name: String) -> URL {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus").appendingPathComponent(name)
}

/// A zlib stream that inflates to 1 + 2064·`groups` zero bytes, about 13 bits per 258 bytes: a literal 0,
/// then 8·`groups` (length 258, distance 1) pairs in one fixed-Huffman block, then end-of-block. Written
/// by hand, so the test needs no zlib: the bit string is built once for two groups, and the 104 bits of
/// eight more pairs (13 whole bytes) are repeated in the middle for each further group.
func zlibZeros(groups: Int) -> (stream: [UInt8], inflated: Int) {
  precondition(groups >= 2)
  var out: [UInt8] = []
  var accumulator: UInt64 = 0
  var bits = 0
  func put(_ value: UInt64, _ n: Int) {  // LSB-first, as deflate packs its bits
    accumulator |= value << UInt64(bits)
    bits += n
    while bits >= 8 {
      out.append(UInt8(truncatingIfNeeded: accumulator))
      accumulator >>= 8
      bits -= 8
    }
  }
  func huffman(_ code: UInt64, _ n: Int) {  // Huffman codes go MSB-first
    var reversed: UInt64 = 0
    for i in 0..<n where code & (1 << UInt64(n - 1 - i)) != 0 { reversed |= 1 << UInt64(i) }
    put(reversed, n)
  }
  put(1, 1)  // BFINAL
  put(1, 2)  // fixed Huffman codes
  huffman(0x30, 8)  // literal 0
  for _ in 0..<16 {
    huffman(0xC5, 8)  // length code 285: 258 bytes
    huffman(0, 5)  // distance code 0: 1 byte back
  }
  huffman(0, 7)  // end of block (256)
  if bits > 0 { put(0, 8 - bits) }
  // Bits 16…119 lie inside the run of pairs; inserting them again at bit 16 adds eight pairs.
  let block = Array(out[2..<15])
  var deflate = Array(out[0..<2])
  deflate.reserveCapacity(out.count + 13 * (groups - 2))
  for _ in 0..<(groups - 2) { deflate += block }
  deflate += out[2...]
  let inflated = 1 + groups * 8 * 258
  // Adler-32 of zeros: a = 1, b = inflated mod 65521.
  return ([0x78, 0x01] + deflate + be32(UInt32(inflated % 65521) << 16 | 1), inflated)
}

/// `chunk` with a table-driven CRC (TestSupport's bitwise one takes seconds over megabytes in a debug build).
func fastChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
  let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }
  let typeBytes = Array(type.utf8)
  var crc: UInt32 = 0xFFFF_FFFF
  table.withUnsafeBufferPointer { t in
    for byte in typeBytes { crc = t[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    data.withUnsafeBufferPointer { d in
      for byte in d { crc = t[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
  }
  return be32(UInt32(data.count)) + typeBytes + data + be32(crc ^ 0xFFFF_FFFF)
}
