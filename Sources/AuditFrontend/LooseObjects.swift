// SPDX-License-Identifier: GPL-3.0-or-later
internal import CZlib
import Foundation

/// Reads a repository's loose objects (`.git/objects/xx/yyyy…`: zlib over `type size\0bytes`)
/// in process, so that a history's blobs are not each asked of `git cat-file` (its lookup, the
/// pipe both ways and the answers' parsing were about half of the `git` process's CPU on the
/// benchmark's 1,000 loose objects; the inflating is the same either way).
///
/// Only where git itself would read the same file for the same id: a repository whose `.git` is a
/// folder at its top, without replace refs (`refs/replace`, which `cat-file` honours), and no
/// environment variable that moves git's object store. Anything else, and any object not found
/// loose (packed, in an alternate store) or not read whole (corrupt, truncated), is left to
/// `git cat-file` (``GitObjects``): nil here. A loose object's name is the SHA-1 of its content,
/// so the bytes read are those `cat-file` would give.
/// - Complexity: O(object size) an object: one open, read and inflate.
struct LooseObjects: Sendable {
  /// `.git/objects` of the repository.
  let folder: String

  /// The loose-object store of the repository at `top`, or nil when git might read objects
  /// elsewhere or otherwise (see the type's note).
  init?(top: String) {
    let environment = ProcessInfo.processInfo.environment
    let moving = ["GIT_DIR", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_REPLACE_REF_BASE"]
    guard !moving.contains(where: { environment[$0] != nil }) else { return nil }
    let git = top + "/.git"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: git + "/objects", isDirectory: &isDirectory), isDirectory.boolValue,
          !FileManager.default.fileExists(atPath: git + "/refs/replace") else { return nil }
    if let packed = FileManager.default.contents(atPath: git + "/packed-refs"),
       packed.range(of: Data("refs/replace/".utf8)) != nil { return nil }
    folder = git + "/objects"
  }

  /// The object `id` (40 hex digits) when it is stored loose and reads whole: its type and bytes.
  func object(_ id: String) -> (type: String, bytes: [UInt8])? {
    let hex = Array(id.utf8)
    guard hex.count == 40, hex.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else { return nil }
    guard let compressed = Self.read(folder + "/" + id.prefix(2) + "/" + id.dropFirst(2)) else { return nil }
    return Self.inflate(compressed)
  }

  /// A file's bytes (nil when it cannot be opened or read whole).
  static func read(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_size > 0, status.st_size < Int64(Int32.max) else { return nil }
    let count = Int(status.st_size)
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let n = bytes.withUnsafeMutableBytes { raw in Foundation.read(fd, raw.baseAddress! + done, count - done) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return nil }
      done += n
    }
    return bytes
  }

  /// A loose object's content from its zlib stream: `type size\0` then exactly `size` bytes, the
  /// stream ending there; nil for anything else.
  /// The most a deflate stream can expand its input (zlib's technical report: 1032:1).
  static let maximumInflationRatio = 1032

  static func inflate(_ compressed: [UInt8]) -> (type: String, bytes: [UInt8])? {
    var stream = z_stream()
    guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    return compressed.withUnsafeBytes { input -> (type: String, bytes: [UInt8])? in
      stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress!)
      stream.avail_in = uInt(input.count)
      // The header first (at most "commit 2147483647\0", 18 bytes; 64 read).
      var head = [UInt8](repeating: 0, count: 64)
      let first = head.withUnsafeMutableBytes { raw -> Int32 in
        stream.next_out = raw.bindMemory(to: Bytef.self).baseAddress!
        stream.avail_out = uInt(raw.count)
        return CZlib.inflate(&stream, Z_NO_FLUSH)
      }
      guard first == Z_OK || first == Z_STREAM_END else { return nil }
      let produced = 64 - Int(stream.avail_out)
      guard let zero = head[..<produced].firstIndex(of: 0), let space = head[..<zero].firstIndex(of: 32),
            let size = Int(String(decoding: head[(space + 1)..<zero], as: UTF8.self)), size >= 0, size < Int(Int32.max),
            // Deflate expands at most 1032:1, so a header claiming more than that (a corrupt object) is
            // refused before its buffer is allocated rather than after.
            size <= Self.maximumInflationRatio * compressed.count else { return nil }
      let type = String(decoding: head[..<space], as: UTF8.self)
      let already = produced - (zero + 1)
      guard already <= size else { return nil }
      var bytes = [UInt8](repeating: 0, count: size)
      if already > 0 { bytes.replaceSubrange(0..<already, with: head[(zero + 1)..<produced]) }
      var last = first
      if first != Z_STREAM_END {
        last = bytes.withUnsafeMutableBytes { raw -> Int32 in
          // One more byte of room than the content: a stream longer than its header says is refused.
          var spare: UInt8 = 0
          var result = Z_OK
          if size > already {
            stream.next_out = raw.bindMemory(to: Bytef.self).baseAddress! + already
            stream.avail_out = uInt(size - already)
            result = CZlib.inflate(&stream, Z_FINISH)
            guard result == Z_STREAM_END || result == Z_BUF_ERROR || result == Z_OK, stream.avail_out == 0 else { return Z_DATA_ERROR }
            if result == Z_STREAM_END { return result }
          }
          return withUnsafeMutablePointer(to: &spare) { pointer in
            stream.next_out = pointer
            stream.avail_out = 1
            return CZlib.inflate(&stream, Z_FINISH)
          } == Z_STREAM_END && stream.avail_out == 1 ? Z_STREAM_END : Z_DATA_ERROR
        }
      }
      guard last == Z_STREAM_END, Int(stream.total_out) == zero + 1 + size else { return nil }
      return (type, bytes)
    }
  }
}
