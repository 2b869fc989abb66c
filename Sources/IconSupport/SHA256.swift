// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSHA256

/// SHA-256 (FIPS 180-4), for content addresses (the measurement cache keys icons by the digest of
/// their files' bytes).
///
/// A cryptographic hash rather than a faster non-cryptographic one: a cache shared between CI runs
/// must not let a crafted file collide with a clean icon's entry and be reported with its
/// measurements. The blocks go through the processor's SHA instructions where it has them
/// (x86-64 SHA extensions, `CSHA256`; checked once a process), else through the portable block
/// function below (about 210 MB/s on one core of this machine in a release build). Both give the
/// same digest (tested against each other and against FIPS 180-4's examples).
///
/// - Complexity: O(n) for n bytes (64 rounds per 64-byte block).
public struct SHA256: Sendable {
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
    (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
  private var buffer: [UInt8] = []
  private var length: UInt64 = 0
  /// Whether the blocks go through the processor's SHA instructions.
  private let usesHardware: Bool

  /// Whether this processor has the SHA instructions `CSHA256` uses (asked once a process).
  package static let hardwareAvailable = ia_sha256_hardware_available() != 0

  public init() { self.init(usingHardware: Self.hardwareAvailable) }

  /// A hasher whose blocks go through the SHA instructions (`true`; only where
  /// ``hardwareAvailable``) or through the portable Swift block function (`false`): tests compare
  /// the two.
  package init(usingHardware: Bool) {
    precondition(!usingHardware || Self.hardwareAvailable, "SHA256: no SHA instructions on this processor")
    usesHardware = usingHardware
    buffer.reserveCapacity(64)
  }

  /// The digest of `bytes`, 32 bytes.
  public static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// Adds bytes to the message.
  public mutating func update(_ bytes: some Collection<UInt8>) {
    length &+= UInt64(bytes.count)
    let contiguous: Void? = bytes.withContiguousStorageIfAvailable { raw in update(raw) }
    if contiguous == nil { let copy = Array(bytes); copy.withUnsafeBufferPointer { update($0) } }
  }

  private mutating func update(_ raw: UnsafeBufferPointer<UInt8>) {
    var offset = 0
    if !buffer.isEmpty {
      let take = min(64 - buffer.count, raw.count)
      buffer.append(contentsOf: raw[0..<take])
      offset = take
      if buffer.count == 64 {
        buffer.withUnsafeBufferPointer { compress($0.baseAddress!, blocks: 1) }
        buffer.removeAll(keepingCapacity: true)
      }
    }
    let blocks = (raw.count - offset) / 64
    if blocks > 0 {
      compress(raw.baseAddress! + offset, blocks: blocks)
      offset += 64 * blocks
    }
    if offset < raw.count { buffer.append(contentsOf: raw[offset...]) }
  }

  /// The digest (32 bytes, big-endian words); the hasher is not to be used afterwards.
  public mutating func finalize() -> [UInt8] {
    let bits = length &* 8
    // The last bytes, 0x80, zeros and the length in bits: one or two blocks, on the stack.
    let pending = buffer
    buffer.removeAll()
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
      let blocks = pending.count < 56 ? 1 : 2
      tail.initialize(repeating: 0)
      for (i, byte) in pending.enumerated() { tail[i] = byte }
      tail[pending.count] = 0x80
      for k in 0..<8 { tail[64 * blocks - 1 - k] = UInt8(truncatingIfNeeded: bits >> UInt64(8 * k)) }
      compress(UnsafePointer(tail.baseAddress!), blocks: blocks)
    }
    let words = state
    return [UInt8](unsafeUninitializedCapacity: 32) { digest, initialized in
      withUnsafeBytes(of: words) { raw in
        for i in 0..<8 {
          let word = raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
          digest[4 * i] = UInt8(truncatingIfNeeded: word >> 24)
          digest[4 * i + 1] = UInt8(truncatingIfNeeded: word >> 16)
          digest[4 * i + 2] = UInt8(truncatingIfNeeded: word >> 8)
          digest[4 * i + 3] = UInt8(truncatingIfNeeded: word)
        }
      }
      initialized = 32
    }
  }

  /// The round constants, from CSHA256's table (`ia_sha256_k`, shared with the SHA-NI path).
  private static let k: [UInt32] = withUnsafeBytes(of: ia_sha256_k) { Array($0.bindMemory(to: UInt32.self)) }

  /// `blocks` consecutive 64-byte blocks into the state: through the SHA instructions, or one at a
  /// time through ``compress(_:)``.
  private mutating func compress(_ data: UnsafePointer<UInt8>, blocks: Int) {
    if usesHardware {
      withUnsafeMutableBytes(of: &state) { words in
        ia_sha256_blocks(words.baseAddress!.assumingMemoryBound(to: UInt32.self), data, blocks)
      }
      return
    }
    for block in 0..<blocks { compress(data + 64 * block) }
  }

  /// One 64-byte block into the state (the portable block function).
  private mutating func compress(_ block: UnsafePointer<UInt8>) {
    @inline(__always) func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      for i in 0..<16 {
        let p = block + 4 * i
        w[i] = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
      }
      for i in 16..<64 {
        let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
        let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
      }
      var (a, b, c, d, e, f, g, h) = state
      Self.k.withUnsafeBufferPointer { k in
        for i in 0..<64 {
          let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
          let choice = (e & f) ^ (~e & g)
          let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
          let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
          let majority = (a & b) ^ (a & c) ^ (b & c)
          let t2 = s0 &+ majority
          h = g; g = f; f = e; e = d &+ t1
          d = c; c = b; b = a; a = t1 &+ t2
        }
      }
      state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }
  }
}

extension Array where Element == UInt8 {
  /// Lower-case hexadecimal, two digits a byte.
  /// - Complexity: O(n), written straight into the string's storage (no array of digits made per
  ///   call: a history names 10,000 tree entries' ids this way).
  public var hexString: String {
    withUnsafeBufferPointer { Self.hex($0) }
  }

  /// `bytes` in lower-case hexadecimal, two digits a byte (``hexString``).
  public static func hex(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard !bytes.isEmpty else { return "" }
    return String(unsafeUninitializedCapacity: bytes.count * 2) { out in
      for (k, byte) in bytes.enumerated() {
        out[2 * k] = hexDigit(byte >> 4)
        out[2 * k + 1] = hexDigit(byte & 15)
      }
      return bytes.count * 2
    }
  }

  /// The lower-case hexadecimal digit of `value` (0–15).
  @inline(__always) static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? value + 48 : value + 87
  }
}
