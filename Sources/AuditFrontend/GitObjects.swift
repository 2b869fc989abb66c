// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconSupport

/// Reads a repository's objects through one `git cat-file --batch` process (no checkout: the work
/// tree and the index are not touched), and lays a folder out as it was at a commit.
///
/// One process serves every revision: trees are walked here (an entry is `mode name\0` and a
/// 20-byte object id), and a blob is read only when a revision holds one the work folder does not
/// have yet. So 20 revisions of a 500-icon catalog in which 5% of the files change cost about
/// 500 + 19 × 25 blob reads, not 20 × 500.
///
/// Safe to use from several threads (a history audits two revisions at once, each in a work folder
/// of its own): requests to the process are serialised; blobs read are kept (up to
/// ``blobBudgetBytes``) with their SHA-256, so the second work folder does not read them again.
final class GitObjects: @unchecked Sendable {
  /// A file at a revision: its path below the folder, mode (`100644`, `100755`, `120000` for a
  /// symbolic link) and blob id.
  struct Entry: Hashable {
    var mode: String
    var id: String
  }

  private let process = Process()
  private let input: FileHandle
  private let output: Int32
  private var pending: [UInt8] = []
  /// The bytes of `pending` already read.
  private var consumed = 0
  /// Trees read so far, by id: a folder unchanged between revisions is not read again.
  private var trees: [String: [(name: String, mode: String, id: String)]] = [:]
  /// Blobs read so far (while they fit in ``blobBudgetBytes``), and the SHA-256 of every blob read.
  private var blobs: [String: [UInt8]] = [:]
  private var blobDigests: [String: [UInt8]] = [:]
  private var blobBytes = 0
  /// The bytes of blobs kept in memory.
  static let blobBudgetBytes = 64 << 20
  /// Serialises the requests to the process and the memos.
  private let lock = NSRecursiveLock()
  /// The repository's loose and packed objects, read in process where git would read them
  /// (blobs and trees by id; revisions are resolved by git).
  private let loose: LooseObjects?
  private let packed: PackedObjects?

  /// Starts `git cat-file --batch` in the repository at `top`.
  init(top: String) throws(AuditFrontend.Failure) {
    loose = LooseObjects(top: top)
    packed = PackedObjects(top: top)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", top, "cat-file", "--batch"]
    let stdin = Pipe(), stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { throw AuditFrontend.Failure(message: "cannot run git: \(error)") }
    input = stdin.fileHandleForWriting
    output = stdout.fileHandleForReading.fileDescriptor
  }

  deinit {
    try? input.close()
    process.waitUntilExit()
  }

  /// The object named `name` (an id, or any revision expression git accepts): its type and bytes;
  /// nil when there is no such object.
  func object(_ name: String) throws(AuditFrontend.Failure) -> (type: String, bytes: [UInt8])? {
    guard !name.utf8.contains(UInt8(ascii: "\n")) else { return nil }
    lock.lock()
    defer { lock.unlock() }
    try ask([name])
    return try answer()
  }

  /// Writes requests for `names` (no newline in any) in one write. Called under `lock`.
  private func ask(_ names: some Collection<String>) throws(AuditFrontend.Failure) {
    var text = ""
    for name in names { text += name + "\n" }
    do { try input.write(contentsOf: Data(text.utf8)) } catch {
      throw AuditFrontend.Failure(message: "git cat-file stopped: \(error)")
    }
  }

  /// Reads the answer to the oldest request not answered yet: the object's type and bytes, or nil
  /// when there is no such object. Called under `lock`.
  private func answer() throws(AuditFrontend.Failure) -> (type: String, bytes: [UInt8])? {
    let header = String(decoding: try line(), as: UTF8.self)
    let fields = header.split(separator: " ")
    if header.hasSuffix(" missing") || header.hasSuffix(" ambiguous") || fields.count != 3 { return nil }
    guard let size = Int(fields[2]), size >= 0 else { throw AuditFrontend.Failure(message: "git cat-file: unexpected answer '\(header)'") }
    let bytes = try read(size + 1)
    return (String(fields[1]), Array(bytes.dropLast()))
  }

  /// Requests asked at once by ``blobs(_:)``: 41 bytes each, so that they fit in the process's input
  /// pipe (64 KiB on Linux) while it writes its answers (it stops reading only when its output pipe
  /// is full, and that is read once the requests are written).
  static let batchSize = 1000

  private func fill() throws(AuditFrontend.Failure) {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { raw in Foundation.read(output, raw.baseAddress!, raw.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { throw AuditFrontend.Failure(message: "git cat-file stopped answering") }
      pending += chunk[0..<n]
      return
    }
  }

  private func line() throws(AuditFrontend.Failure) -> [UInt8] {
    var searched = consumed
    while true {
      if let newline = pending[searched...].firstIndex(of: 10) {
        let text = Array(pending[consumed..<newline])
        consume(newline + 1 - consumed)
        return text
      }
      searched = pending.count
      try fill()
    }
  }

  private func read(_ count: Int) throws(AuditFrontend.Failure) -> [UInt8] {
    while pending.count - consumed < count { try fill() }
    let bytes = Array(pending[consumed..<(consumed + count)])
    consume(count)
    return bytes
  }

  /// Drops `count` bytes read from `pending` (moving what is left to the front once the bytes read
  /// are most of it: each byte is moved O(1) times on average).
  private func consume(_ count: Int) {
    consumed += count
    if consumed == pending.count {
      pending.removeAll(keepingCapacity: true)
      consumed = 0
    } else if consumed > 65536 && consumed * 2 > pending.count {
      pending.removeSubrange(..<consumed)
      consumed = 0
    }
  }

  /// The commit a revision names, or nil when it names none.
  func commit(_ revision: String) throws(AuditFrontend.Failure) -> String? {
    guard !revision.hasPrefix("-"), !revision.isEmpty else { return nil }
    guard let commit = try object(revision + "^{commit}"), commit.type == "commit" else { return nil }
    // The commit's first line: "tree <id>"; the commit's own id is asked by its tree's parent: the
    // caller only needs the tree.
    return commit.bytes.split(separator: 10, maxSplits: 1).first.map { String(decoding: $0, as: UTF8.self) }
      .flatMap { $0.hasPrefix("tree ") ? String($0.dropFirst(5)) : nil }
  }

  /// The entries of a tree object: name, mode, id (each tree read once).
  func tree(_ id: String) throws(AuditFrontend.Failure) -> [(name: String, mode: String, id: String)] {
    lock.lock()
    defer { lock.unlock() }
    if let entries = trees[id] { return entries }
    let entries = try readTree(id)
    trees[id] = entries
    return entries
  }

  private func readTree(_ id: String) throws(AuditFrontend.Failure) -> [(name: String, mode: String, id: String)] {
    var read = try inProcess(id)
    if read == nil { read = try object(id) }
    guard let object = read, object.type == "tree" else { return [] }
    var entries: [(String, String, String)] = []
    let bytes = object.bytes
    // On the buffer: a history parses 40 trees of 250 entries (the ids' hex was half of it).
    bytes.withUnsafeBufferPointer { bytes in
      var i = 0
      while i < bytes.count {
        guard let space = bytes[i...].firstIndex(of: 32), let zero = bytes[space...].firstIndex(of: 0), zero + 21 <= bytes.count else { break }
        let mode = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<space]), as: UTF8.self)
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(space + 1)..<zero]), as: UTF8.self)
        let id = [UInt8].hex(UnsafeBufferPointer(rebasing: bytes[(zero + 1)..<(zero + 21)]))
        entries.append((name, mode, id))
        i = zero + 21
      }
    }
    return entries
  }

  /// The blobs `ids` (their bytes and SHA-256, hashed once per blob): those not kept yet read loose
  /// or packed in process (``LooseObjects``, ``PackedObjects``), the others asked in batches of
  /// ``batchSize`` requests written at once and answered in order: one round trip to the process a
  /// batch instead of one a blob (the benchmark history's `git` process: 0.067 s of CPU with a
  /// round trip a blob, 0.055 s so).
  /// Ids that name no blob are left out.
  /// - Complexity: O(bytes read); one write and as many reads as the answers take, per batch.
  func blobs(_ ids: some Collection<String>) throws(AuditFrontend.Failure) -> [String: (bytes: [UInt8], digest: [UInt8])] {
    lock.lock()
    defer { lock.unlock() }
    var found: [String: (bytes: [UInt8], digest: [UInt8])] = [:]
    var wanted: [String] = []
    var asked = Set<String>()
    // A newline looked for as a byte: Foundation's string search was 10,000 instructions an id.
    for id in ids where !id.utf8.contains(UInt8(ascii: "\n")) && found[id] == nil && !asked.contains(id) {
      if let bytes = blobs[id], let digest = blobDigests[id] {
        found[id] = (bytes, digest)
      } else if let object = try inProcess(id) {
        // An object of another type is no blob (as `cat-file` would answer).
        if object.type == "blob" { found[id] = keep(id, object.bytes) }
      } else {
        wanted.append(id)
        asked.insert(id)
      }
    }
    for start in stride(from: 0, to: wanted.count, by: Self.batchSize) {
      let batch = wanted[start..<min(start + Self.batchSize, wanted.count)]
      try ask(batch)
      for id in batch {
        guard let object = try answer(), object.type == "blob" else { continue }
        found[id] = keep(id, object.bytes)
      }
    }
    return found
  }

  /// The object `id` read in process, loose (``LooseObjects``) or packed (``PackedObjects``); nil
  /// when it is neither (then `git cat-file` is asked).
  /// - Throws: a ``AuditFrontend/Failure`` naming a packed object that does not read whole.
  private func inProcess(_ id: String) throws(AuditFrontend.Failure) -> (type: String, bytes: [UInt8])? {
    if let object = loose?.object(id) { return object }
    do {
      return try packed?.object(id)
    } catch {
      throw AuditFrontend.Failure(message: error.description)
    }
  }

  /// A blob read: its SHA-256 (once per blob), and its bytes kept while they fit in the budget.
  /// Called under `lock`.
  private func keep(_ id: String, _ bytes: [UInt8]) -> (bytes: [UInt8], digest: [UInt8]) {
    let digest = blobDigests[id] ?? SHA256.hash(bytes)
    blobDigests[id] = digest
    if blobs[id] == nil, blobBytes + bytes.count <= Self.blobBudgetBytes {
      blobs[id] = bytes
      blobBytes += bytes.count
    }
    return (bytes, digest)
  }

  /// The files below `inside` (a path in the repository, "." for the top) in the tree `root`, by
  /// path relative to `inside`; nil when `inside` is not there. A file named by `inside` is listed
  /// under its own name.
  func files(root: String, inside: String) throws(AuditFrontend.Failure) -> [String: Entry]? {
    guard let entry = try entry(root: root, inside: inside) else { return nil }
    return try files(of: entry, inside: inside)
  }

  /// What `inside` (a path in the repository, "." for the top) is in the tree `root`: a tree, a
  /// file or a submodule (its mode and id); nil when it is not there. Two revisions with the same
  /// entry hold the same files there.
  func entry(root: String, inside: String) throws(AuditFrontend.Failure) -> Entry? {
    var id = root
    var mode = "40000"
    let components = inside == "." ? [] : inside.split(separator: "/").map(String.init)
    for component in components {
      guard mode == "40000", let entry = try tree(id).first(where: { $0.name == component }) else { return nil }
      (id, mode) = (entry.id, entry.mode)
    }
    return Entry(mode: mode, id: id)
  }

  /// The files of ``entry(root:inside:)``'s entry, as ``files(root:inside:)``.
  func files(of entry: Entry, inside: String) throws(AuditFrontend.Failure) -> [String: Entry]? {
    let (id, mode) = (entry.id, entry.mode)
    if mode != "40000" {
      return mode == "160000" ? nil : [PathText.lastComponent(inside): Entry(mode: mode, id: id)]
    }
    var files: [String: Entry] = [:]
    var folders: [(prefix: String, id: String)] = [("", id)]
    while let folder = folders.popLast() {
      for entry in try tree(folder.id) {
        let path = folder.prefix + entry.name
        switch entry.mode {
        case "40000": folders.append((path + "/", entry.id))
        case "160000": continue  // a submodule: its commit is not in this repository
        default: files[path] = Entry(mode: entry.mode, id: entry.id)
        }
      }
    }
    return files
  }
}
