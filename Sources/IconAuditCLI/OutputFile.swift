// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParsing
import Foundation
import IconSupport
import ReportWriters

/// Writes a report file atomically (a temporary file in the same folder, flushed, then a rename), so a
/// reader never sees half a report. It refuses to write over any input file, and over an existing
/// file that iconaudit did not write (``OutputRecognition/looksWrittenByIconaudit(_:)``) unless told to replace it
/// (`--force`): nothing the user owns is overwritten without being asked. A target that is not a
/// regular file (/dev/null, a FIFO) is written in place instead of being replaced.
enum OutputFile {
  struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  /// The option that lets `--output` (and `--write-baseline`) replace a file iconaudit did not write.
  static let forceOption = OptionSpec(
    "force", help: "Replace an existing output file even if it does not look like one iconaudit wrote.")

  static func write(_ text: String, to path: String, inputs: [String], replace: Bool = false) throws {
    try write(Array(text.utf8), to: path, inputs: inputs, replace: replace)
  }

  static func write(_ bytes: [UInt8], to path: String, inputs: [String], replace: Bool = false) throws {
    try write(pieces: [bytes], to: path, inputs: inputs, replace: replace)
  }

  /// Why `path` cannot be written as a report, checked before any work is done (an empty name, an
  /// input, a folder, a file iconaudit did not write without `replace`, a missing folder), or nil.
  static func problem(with path: String, inputs: [String], replace: Bool) -> String? {
    guard !path.isEmpty else { return "the output file name is empty" }
    if isDescriptorPath(path) {
      return openDescriptor(path) == nil ? "\(path): not an open file descriptor of this process" : nil
    }
    guard !path.hasSuffix("/") else { return "\(path): names a folder, not a file" }
    do {
      _ = try target(of: path, inputs: inputs, replace: replace)
    } catch {
      return error.description
    }
    let folder = PathText.parent(path)
    var isDirectory: ObjCBool = false
    if !folder.isEmpty, !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue) {
      return "\(path): cannot write (no such folder: \(folder))"
    }
    return nil
  }

  /// Checks the files the options `names` (`output`, `write-baseline`) would write before any work
  /// is done: each must be writable as a report (``problem(with:inputs:replace:)``, `--force`
  /// allowing a file iconaudit did not write) and no two may name the same file. Names the problem
  /// on stderr and returns false otherwise (a usage error).
  static func checkTargets(_ arguments: ParsedArguments, names: [String] = ["output"], inputs: [String]) -> Bool {
    checkTargets(arguments, names.map { ($0, inputs) })
  }

  /// ``checkTargets(_:names:inputs:)`` with each option's own inputs (an audit's `--output` must
  /// not replace its `--baseline`; `--write-baseline` may update it).
  static func checkTargets(_ arguments: ParsedArguments, _ targets: [(name: String, inputs: [String])]) -> Bool {
    let replace = arguments.flag("force")
    var seen: [(option: String, target: String)] = []
    // Without --output the report goes to standard output: a baseline sent there would mix with it.
    if arguments.value("output") == nil, targets.contains(where: { $0.name == "output" }), let stdout = identity("/dev/stdout") {
      seen.append(("output (standard output)", stdout))
    }
    for (name, inputs) in targets {
      guard let path = arguments.value(name) else { continue }
      if let problem = problem(with: path, inputs: inputs, replace: replace) {
        Console.err("iconaudit: --\(name): \(problem)")
        return false
      }
      let target = identity(path) ?? path
      if let other = seen.first(where: { $0.target == target }) {
        Console.err("iconaudit: --\(other.option) and --\(name) name the same file (\(path)); give each its own")
        return false
      }
      seen.append((name, target))
    }
    return true
  }

  /// The resolved target of `path`, after the checks of ``problem(with:inputs:replace:)`` that
  /// concern the file itself.
  private static func target(of path: String, inputs: [String], replace: Bool) throws(Refusal) -> String {
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
    if !replace && !OutputRecognition.looksWrittenByIconaudit(target) {
      throw Refusal(description: "\(path): exists and does not look like a file iconaudit wrote; not replaced (remove it, choose another file, or pass --force)")
    }
    return target
  }

  /// ``write(_:to:inputs:)`` of a text in pieces (their concatenation), written one after the other.
  static func write(pieces: [[UInt8]], to path: String, inputs: [String], replace: Bool = false) throws {
    try write(source: { sink in pieces.allSatisfy(sink) }, to: path, inputs: inputs, replace: replace)
  }

  /// A text handed over in pieces: `source` gives each piece in order to the sink it is called
  /// with, and stops (returning false) when the sink returns false (a report written as it is
  /// written out: ``ReportFormat/write(_:context:to:)``).
  typealias PieceSource = (([UInt8]) -> Bool) -> Bool

  /// ``write(pieces:to:inputs:replace:)`` of the pieces `source` hands over: the file, or the
  /// descriptor, is opened first and each piece written as it comes.
  static func write(source: PieceSource, to path: String, inputs: [String], replace: Bool = false) throws {
    let pieces = source
    if let fd = openDescriptor(path) {
      // `-o /dev/stdout` with `>> log`: written through the descriptor the shell opened (appending),
      // not through the file it leads to (which would be sniffed, or replaced by a rename).
      guard writeAll(fd, pieces) else { throw Refusal(description: "\(path): cannot write (\(String(cString: strerror(errno))))") }
      return
    }
    let target = try target(of: path, inputs: inputs, replace: replace)
    var existing = stat()
    let exists = stat(target, &existing) == 0
    if exists && (existing.st_mode & S_IFMT) != S_IFREG {
      // A device, FIFO or socket (/dev/null, /dev/stdout, a pipe): written in place. Renaming a new
      // file over it would replace it (as root, `--output /dev/null` would replace the device).
      try writeInPlace(pieces, to: target, path: path)
      return
    }
    let folder = PathText.parent(target)
    // A short name: a long target name (up to the file system's 255 bytes) must still fit.
    let temporary = (folder.isEmpty ? "." : folder) + "/.iconaudit-\(UInt32.random(in: .min ... .max)).tmp"
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

  private static func writeInPlace(_ pieces: PieceSource, to target: String, path: String) throws {
    let fd = open(target, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw Refusal(description: "\(path): cannot write (\(String(cString: strerror(errno))))") }
    defer { close(fd) }
    guard writeAll(fd, pieces) else { throw Refusal(description: "\(path): cannot write (\(String(cString: strerror(errno))))") }
  }

  /// What a path would write to, to tell when two name the same file: an open descriptor's device
  /// and inode; an existing file's real path; for a new file, its folder's real path and its name
  /// (a symbolic link to the folder then resolves too).
  static func identity(_ path: String) -> String? {
    if let fd = openDescriptor(path) {
      var info = stat()
      guard fstat(fd, &info) == 0 else { return nil }
      return "descriptor \(info.st_dev):\(info.st_ino)"
    }
    var info = stat()
    if stat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) != S_IFREG { return "descriptor \(info.st_dev):\(info.st_ino)" }
      guard let real = realpath(path, nil) else { return nil }
      defer { free(real) }
      return String(cString: real)
    }
    let folder = PathText.parent(path).isEmpty ? "." : PathText.parent(path)
    guard let real = realpath(folder, nil) else { return nil }
    defer { free(real) }
    return String(cString: real) + "/" + PathText.lastComponent(path)
  }

  /// For a path that names a descriptor of this process rather than a file (`/dev/stdout`,
  /// `/dev/fd/3`, also spelled `/dev//stdout`): the descriptor's number, nil when the name holds
  /// none (`/dev/fd/abc`, `/dev/stdin`). nil for any other path.
  private static func descriptorNumber(_ path: String) -> Int32?? {
    let p = URL(fileURLWithPath: path).standardizedFileURL.path
    switch p {
    case "/dev/stdout": return .some(STDOUT_FILENO)
    case "/dev/stderr": return .some(STDERR_FILENO)
    case "/dev/stdin": return .some(nil)
    default:
      guard let number = p.hasPrefix("/dev/fd/") ? p.dropFirst(8) : p.hasPrefix("/proc/self/fd/") ? p.dropFirst(14) : nil else {
        return nil
      }
      return .some(Int32(number))
    }
  }

  /// Whether a path names a descriptor of this process rather than a file.
  static func isDescriptorPath(_ path: String) -> Bool { descriptorNumber(path) != nil }

  /// The descriptor a path names when it is one of this process's open descriptors
  /// (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`) and that descriptor is open.
  static func openDescriptor(_ path: String) -> Int32? {
    guard let number = descriptorNumber(path), let fd = number, fd >= 0, fcntl(fd, F_GETFD) != -1 else { return nil }
    return fd
  }

  static func writeAll(_ fd: Int32, _ pieces: [[UInt8]]) -> Bool {
    pieces.allSatisfy { writeAll(fd, $0) }
  }

  /// Writes the pieces `source` hands over, each as it comes.
  static func writeAll(_ fd: Int32, _ source: PieceSource) -> Bool {
    source { writeAll(fd, $0) }
  }

  /// Writes `bytes` whole (retrying after a signal, waiting on a non-blocking descriptor).
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          // A non-blocking descriptor (a pipe from a slow reader): wait until it takes more.
          var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
          _ = poll(&waiting, 1, -1)
          continue
        }
        return false
      }
      offset += written
    }
    return true
  }

  /// Writes a report to `path` (atomically) or, without a path, to standard output. Returns
  /// false after naming the problem on stderr when the file cannot be written.
  static func emit(_ text: String, to path: String?, inputs: [String], replace: Bool = false) -> Bool {
    emit(Array(text.utf8), to: path, inputs: inputs, replace: replace)
  }

  /// ``emit(_:to:inputs:)`` of UTF-8 text.
  static func emit(_ bytes: [UInt8], to path: String?, inputs: [String], replace: Bool = false) -> Bool {
    emit(pieces: [bytes], to: path, inputs: inputs, replace: replace)
  }

  /// ``emit(_:to:inputs:)`` of UTF-8 text in pieces (their concatenation): a large report is
  /// written out as it was written, never copied into one buffer.
  static func emit(pieces: [[UInt8]], to path: String?, inputs: [String], replace: Bool = false) -> Bool {
    guard let path else {
      for bytes in pieces { Console.out(bytes) }
      return !Console.outputFailed
    }
    do {
      try write(pieces: pieces, to: path, inputs: inputs, replace: replace)
      return true
    } catch {
      Console.err("iconaudit: \(error)")
      return false
    }
  }

  /// ``emit(pieces:to:inputs:replace:)`` of the pieces `source` hands over, each written as it
  /// comes (the file is opened, or refused, before the first).
  static func emit(source: PieceSource, to path: String?, inputs: [String], replace: Bool = false) -> Bool {
    guard let path else {
      _ = source { bytes in
        Console.out(bytes)
        return !Console.outputFailed
      }
      return !Console.outputFailed
    }
    do {
      try write(source: source, to: path, inputs: inputs, replace: replace)
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
