// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster

/// Writes a report file atomically (a temporary file in the same folder, flushed, then a rename), so a
/// reader never sees half a report, and refuses to write over any input file. A target that is not a
/// regular file (/dev/null, a FIFO) is written in place instead of being replaced.
enum OutputFile {
  struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  static func write(_ text: String, to path: String, inputs: [String]) throws {
    try write(Array(text.utf8), to: path, inputs: inputs)
  }

  static func write(_ bytes: [UInt8], to path: String, inputs: [String]) throws {
    try write(pieces: [bytes], to: path, inputs: inputs)
  }

  /// ``write(_:to:inputs:)`` of a text in pieces (their concatenation), written one after the other.
  static func write(pieces: [[UInt8]], to path: String, inputs: [String]) throws {
    let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    for input in inputs {
      let resolved = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path
      if target == resolved || target.hasPrefix(resolved.hasSuffix("/") ? resolved : resolved + "/") && isIconFile(target) {
        throw Refusal(description: "\(path): refusing to overwrite an input file")
      }
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw Refusal(description: "\(path): is a directory")
    }
    var existing = stat()
    let exists = stat(target, &existing) == 0
    if exists && (existing.st_mode & S_IFMT) != S_IFREG {
      // A device, FIFO or socket (/dev/null, /dev/stdout, a pipe): written in place. Renaming a new
      // file over it would replace it (as root, `--output /dev/null` would replace the device).
      try writeInPlace(pieces, to: target, path: path)
      return
    }
    let folder = PathText.parent(target)
    let temporary = (folder.isEmpty ? "." : folder) + "/.\(PathText.lastComponent(target)).\(UUID().uuidString).tmp"
    // O_EXCL: never follow or reuse something already at the temporary name.
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exists ? existing.st_mode & 0o777 : 0o644)
    guard fd >= 0 else { throw Refusal(description: "\(path): cannot write (\(String(cString: strerror(errno))))") }
    // Written, flushed to disk, then renamed over the target: a reader (or a crash) sees the old file or
    // the new one, never half of one; a baseline or snapshot is never lost.
    var failure = writeAll(fd, pieces) ? nil : String(cString: strerror(errno))
    if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
    if exists { _ = fchmod(fd, existing.st_mode & 0o777) }  // keep the replaced file's permissions
    close(fd)
    if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw Refusal(description: "\(path): cannot write (\(failure))")
    }
  }

  private static func writeInPlace(_ pieces: [[UInt8]], to target: String, path: String) throws {
    let fd = open(target, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw Refusal(description: "\(path): cannot write (\(String(cString: strerror(errno))))") }
    defer { close(fd) }
    guard writeAll(fd, pieces) else { throw Refusal(description: "\(path): cannot write (\(String(cString: strerror(errno))))") }
  }

  private static func writeAll(_ fd: Int32, _ pieces: [[UInt8]]) -> Bool {
    for bytes in pieces {
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
    }
    return true
  }

  /// Writes a report to `path` (atomically) or, without a path, to standard output. Returns
  /// false after naming the problem on stderr when the file cannot be written.
  static func emit(_ text: String, to path: String?, inputs: [String]) -> Bool {
    emit(Array(text.utf8), to: path, inputs: inputs)
  }

  /// ``emit(_:to:inputs:)`` of UTF-8 text.
  static func emit(_ bytes: [UInt8], to path: String?, inputs: [String]) -> Bool {
    emit(pieces: [bytes], to: path, inputs: inputs)
  }

  /// ``emit(_:to:inputs:)`` of UTF-8 text in pieces (their concatenation): a large report is
  /// written out as it was written, never copied into one buffer.
  static func emit(pieces: [[UInt8]], to path: String?, inputs: [String]) -> Bool {
    guard let path else {
      for bytes in pieces { Console.out(bytes) }
      return true
    }
    do {
      try write(pieces: pieces, to: path, inputs: inputs)
      return true
    } catch {
      Console.err("iconaudit: \(error)")
      return false
    }
  }

  private static func isIconFile(_ path: String) -> Bool {
    ["png", "svg", "pdf", "json"].contains((path as NSString).pathExtension.lowercased())
  }
}
