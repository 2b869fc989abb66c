// SPDX-License-Identifier: GPL-3.0-or-later
import IconSupport
import Testing

@Suite struct PathTextTests {
  @Test func parentAndLast() {
    #expect(PathText.parent("x") == "")
    #expect(PathText.parent("a/x") == "a")
    #expect(PathText.parent("/x") == "/")
    #expect(PathText.parent("a/b/c.png") == "a/b")
    #expect(PathText.parent("a/b/") == "a")
    #expect(PathText.lastComponent("a/b/c.png") == "c.png")
    #expect(PathText.lastComponent("x") == "x")
  }
}

@Suite struct SHA256Tests {
  /// FIPS 180-4 examples, and a message across many blocks fed in uneven pieces.
  @Test func knownDigests() {
    #expect(SHA256.hash([UInt8]()).hexString == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hash(Array("abc".utf8)).hexString == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hexString
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(SHA256.hash(million).hexString == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    var pieces = SHA256()
    var offset = 0
    var step = 1
    while offset < million.count {
      let end = min(million.count, offset + step)
      pieces.update(million[offset..<end])
      offset = end
      step = step * 3 % 1000 + 1
    }
    #expect(pieces.finalize() == SHA256.hash(million))
  }

  /// The portable block function and the SHA instructions (where this processor has them: this
  /// machine's does) on FIPS 180-4's examples, then on seeded random messages of every length up
  /// to 300 bytes and a few of many blocks, fed whole and in uneven pieces: the same digests.
  @Test func portableAndHardwareAgree() {
    var ways = [false]
    if SHA256.hardwareAvailable { ways.append(true) }
    func digest(_ bytes: [UInt8], hardware: Bool, piece: Int = 0) -> [UInt8] {
      var hasher = SHA256(usingHardware: hardware)
      if piece == 0 {
        hasher.update(bytes)
      } else {
        var offset = 0
        var step = piece
        while offset < bytes.count {
          let end = min(bytes.count, offset + step)
          hasher.update(bytes[offset..<end])
          offset = end
          step = step * 7 % 131 + 1
        }
      }
      return hasher.finalize()
    }
    for hardware in ways {
      #expect(digest([], hardware: hardware).hexString == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
      #expect(digest(Array("abc".utf8), hardware: hardware).hexString
              == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
      #expect(digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), hardware: hardware).hexString
              == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
      let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
      #expect(digest(million, hardware: hardware).hexString == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func nextByte() -> UInt8 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
    let lengths = Array(0...300) + [1_000, 4_095, 4_096, 4_097, 65_537]
    for length in lengths {
      let bytes = (0..<length).map { _ in nextByte() }
      let reference = digest(bytes, hardware: false)
      #expect(digest(bytes, hardware: false, piece: length % 13 + 1) == reference, "length \(length)")
      if SHA256.hardwareAvailable {
        #expect(digest(bytes, hardware: true) == reference, "length \(length)")
        #expect(digest(bytes, hardware: true, piece: length % 13 + 1) == reference, "length \(length)")
      }
    }
  }
}

/// The byte cut of ASCII paths against the Character cut it stands for, on seeded random paths of
/// `/`, `.`, letters and spaces (and non-ASCII ones, which take the Character cut).
@Suite struct PathTextASCIITests {
  static func parentByCharacter(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.utf8.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }

  static func lastByCharacter(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.utf8.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  @Test(arguments: 0..<4) func sameAsByCharacter(seed: Int) {
    var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(n))
    }
    let alphabet: [String] = ["/", "/", "/", ".", "a", "B", "x", " ", "@", "\r\n", "é", "/\u{301}"]
    for _ in 0..<2000 {
      let path = (0..<next(9)).map { _ in alphabet[next(seed == 0 ? 9 : alphabet.count)] }.joined()
      #expect(PathText.parent(path) == Self.parentByCharacter(path), "\(path.debugDescription)")
      #expect(PathText.lastComponent(path) == Self.lastByCharacter(path), "\(path.debugDescription)")
    }
    for path in ["", "/", "//", "a/b/", "/x", "x", "a//b", "a/b/c.png"] {
      #expect(PathText.parent(path) == Self.parentByCharacter(path))
      #expect(PathText.lastComponent(path) == Self.lastByCharacter(path))
    }
  }
}
