// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Reads whole files with a byte limit, safely against hostile paths.
///
/// The file is opened once (`O_NONBLOCK`, so a named pipe or a device never blocks the open), then
/// `fstat` on that descriptor decides: only a regular file is read (a FIFO, socket or device such as
/// `/dev/zero` behind a symbolic link named `icon.png` is refused), its size is checked against the
/// limit before anything is read, and at most `limit + 1` bytes are read, so a file that grows
/// between the check and the read is still bounded. Checking the opened descriptor rather than the
/// path leaves no window between the check and the read.
public enum BoundedFile {
  /// Why a file could not be read.
  public enum Failure: Error, Equatable, Sendable {
    case noSuchFile
    case permissionDenied
    case notRegularFile(String)
    case tooLarge(bytes: Int, limit: Int)
    case other(String)

    /// A short explanation without the path.
    public var reason: String {
      switch self {
      case .noSuchFile: return "no such file"
      case .permissionDenied: return "permission denied"
      case .notRegularFile(let kind): return "it is \(kind), not a regular file"
      case .tooLarge(let bytes, let limit): return "file is \(bytes) bytes, over the limit of \(limit) bytes"
      case .other(let reason): return reason
      }
    }
  }

  /// The bytes of the regular file at `path` (symbolic links followed), at most `limit` of them.
  public static func read(path: String, limit: Int) throws(Failure) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw failure(errno) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw failure(errno) }
    let type = info.st_mode & S_IFMT
    guard type == S_IFREG else { throw .notRegularFile(describe(type: type)) }
    let declared = Int(info.st_size)
    if declared > limit { throw .tooLarge(bytes: declared, limit: limit) }
    // Read at most limit + 1 bytes: a file that grew since fstat is still bounded.
    let capacity = limit == Int.max ? limit : limit + 1
    var bytes = [UInt8](repeating: 0, count: min(declared, limit) + 1)
    var count = 0
    while count < capacity {
      if count == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: min(max(bytes.count, 4096), capacity - count)))
      }
      let n = bytes.withUnsafeMutableBytes { raw in
        systemRead(fd, raw.baseAddress! + count, raw.count - count)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      if n == 0 { break }
      count += n
    }
    if count > limit { throw .tooLarge(bytes: count, limit: limit) }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// The bytes of a file as `Data`, for JSON parsing.
  public static func readData(path: String, limit: Int) throws(Failure) -> Data {
    Data(try read(path: path, limit: limit))
  }

  package static func failure(_ code: Int32) -> Failure {
    switch code {
    case ENOENT, ENOTDIR: return .noSuchFile
    case EACCES, EPERM: return .permissionDenied
    case EISDIR: return .notRegularFile("a directory")
    case ELOOP: return .other("too many levels of symbolic links")
    default: return .other(String(cString: strerror(code)))
    }
  }

  private static func describe(type: mode_t) -> String {
    switch type {
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a named pipe"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    default: return "a special file"
    }
  }
}

/// The entries of a folder as `readdir(3)` gives them, in no particular order, without `.` and `..`.
///
/// Each entry comes with the type the file system reports for it (`d_type`), so that walking a
/// folder of thousands of icons needs no `stat` for plain files and folders (only for symbolic links
/// and for entries of unknown type). A name that is not valid UTF-8 is kept apart (`validName`
/// false, `name` with U+FFFD for the bad bytes): no path made of it would name the file.
package enum FolderListing {
  package struct Entry {
    package enum Kind { case file, folder, link, unknown }
    package var name: String
    package var kind: Kind
    package var validName: Bool
  }

  package static func entries(of path: String) throws(BoundedFile.Failure) -> [Entry] {
    guard let folder = opendir(path) else { throw BoundedFile.failure(errno) }
    defer { closedir(folder) }
    var entries: [Entry] = []
    while true {
      errno = 0
      guard let entry = readdir(folder) else {
        if errno != 0 { throw BoundedFile.failure(errno) }
        break
      }
      let type = entry.pointee.d_type
      let (name, valid) = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { bytes in
          let raw = UnsafeBufferPointer(start: bytes, count: strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self)))
          // Decoding repairs bad bytes with U+FFFD; the name was valid iff nothing was repaired.
          let name = String(decoding: raw, as: UTF8.self)
          return (name, name.utf8.elementsEqual(raw))
        }
      }
      if name == "." || name == ".." { continue }
      let kind: Entry.Kind
      switch Int32(type) {
      case Int32(DT_REG): kind = .file
      case Int32(DT_DIR): kind = .folder
      case Int32(DT_LNK): kind = .link
      default: kind = .unknown  // DT_UNKNOWN (a file system without d_type), a pipe, a device…
      }
      entries.append(Entry(name: name, kind: kind, validName: valid))
    }
    return entries
  }
}
