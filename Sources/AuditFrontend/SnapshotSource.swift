// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation
import Guidelines
import IconRaster
import IconSupport
import ReportWriters

/// Where a release snapshot for `drift` and `history` comes from: a JSON report, a folder audited
/// now (through ``AuditFrontend/run(_:)``), or a folder as it was at a git revision.
public struct SnapshotSource: Sendable {
  /// The configuration of folders audited now; nil: the nearest `.iconaudit.json` of each folder.
  public var configurationPath: String?
  /// Where the SVG and PDF icons of folders audited now are rendered.
  public var rendering: VectorRendering
  /// The measurement cache of folders audited now; nil: every icon is measured.
  public var cache: MeasurementCache?

  public init(configurationPath: String? = nil, rendering: VectorRendering = .inProcess, cache: MeasurementCache? = nil) {
    self.configurationPath = configurationPath
    self.rendering = rendering
    self.cache = cache
  }

  /// The snapshot at `path`: a JSON report read, or a folder audited now.
  /// - Parameter diagnostics: what an audit on the spot has to say (skipped images, each unreadable
  ///   file) is appended, also when a later step fails.
  public func load(_ path: String, diagnostics: inout [AuditDiagnostic]) throws(AuditFrontend.Failure) -> Snapshot {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw AuditFrontend.Failure(message: "\(path): no such file or directory")
    }
    if isDirectory.boolValue {
      return try audit(path, label: PathText.lastComponent(path), root: path, diagnostics: &diagnostics)
    }
    do {
      return try Snapshot.load(path: path)
    } catch {
      throw AuditFrontend.Failure(message: error.description)
    }
  }

  /// Audits a folder now and takes the result as a snapshot: exactly what a stored JSON report of
  /// it would hold (``Snapshot/init(report:toolVersion:source:)``, without writing the JSON). As
  /// before the frontend, only skipped images and unreadable files are said (not "no icons found"
  /// nor role patterns that match nothing).
  /// - Parameters:
  ///   - knownDigests: files under `path` whose digests are known (a history's work folder).
  ///   - measured: called once every icon is measured (and stored in the cache), before the rules.
  ///   - signatures: the snapshots' signatures of drawings seen before (a history's).
  func audit(_ path: String, label: String, root: String, knownDigests: KnownFileDigests? = nil,
             measured: (@Sendable () -> Void)? = nil, signatures: QuantisedSignatures? = nil,
             diagnostics: inout [AuditDiagnostic]) throws(AuditFrontend.Failure) -> Snapshot {
    let configurationPath = configurationPath ?? ConfigurationFile.find(from: root)
    let configuration = try AuditFrontend.configuration(path: configurationPath)
    var options = MeasurementOptions()
    options.vectorScale = configuration.vectorScale
    options.pngScale = configuration.pngScale
    options.idioms = configuration.idioms
    options.vectorRendering = rendering
    options.cache = cache
    options.knownDigests = knownDigests
    var progress: (@Sendable (Int, Int) -> Void)?
    if let measured {
      progress = { done, total in
        if done == total { measured() }
      }
    }
    let result = try AuditFrontend.run(AuditRequest(paths: [path], configuration: configuration, options: options, label: label,
                                                    progress: progress))
    diagnostics += result.diagnostics.filter {
      switch $0 {
      case .skippedImages, .skippedSets, .unreadable: return true
      case .nothingFound, .rolePatternMatchesNothing, .suppressedByBaseline, .codeNote: return false
      }
    }
    return Snapshot(report: result.report, toolVersion: AuditFrontend.toolVersion, source: label, signatures: signatures)
  }

  /// Extracts PATH at a git revision into a temporary folder with `git archive` (the work tree
  /// and the index are not touched) and audits it.
  public func git(revision: String, path: String, diagnostics: inout [AuditDiagnostic]) throws(AuditFrontend.Failure) -> Snapshot {
    guard !revision.hasPrefix("-") else { throw AuditFrontend.Failure(message: "'\(revision)' is not a git revision", usage: true) }
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("iconaudit-git-\(UUID().uuidString)").path
    do {
      try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    } catch {
      throw AuditFrontend.Failure(message: "\(error)")
    }
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    let folder = path.isEmpty ? "." : path
    // The repository and the path inside it, from where PATH is.
    let top = try Self.run(["git", "-C", Self.gitDirectory(for: folder), "rev-parse", "--show-toplevel"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let absolute = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
    let topResolved = URL(fileURLWithPath: top).resolvingSymlinksInPath().path
    var inside = absolute == topResolved ? "" : String(absolute.dropFirst(topResolved.count + 1))
    if inside.isEmpty { inside = "." }
    let archive = temporary + "/tree.tar"
    try Self.run(["git", "-C", top, "archive", "--format=tar", "-o", archive, revision, "--", inside])
    try Self.run(["tar", "-xf", archive, "-C", temporary])
    try? FileManager.default.removeItem(atPath: archive)
    let extracted = inside == "." ? temporary : temporary + "/" + inside
    return try audit(extracted, label: revision, root: extracted, diagnostics: &diagnostics)
  }

  /// One release of ``history(revisions:path:diagnostics:)``: the snapshot, or nil when PATH does
  /// not exist at that revision.
  public struct Release: Sendable {
    public var revision: String
    public var snapshot: Snapshot?
  }

  /// PATH audited at each revision, in order, read straight from git's objects (one
  /// `git cat-file --batch` process; no checkout, the work tree and the index untouched) into
  /// temporary folders that only the changed files are written into between revisions. Through the
  /// cache (``cache``), an unchanged file is measured once; a revision holding the same tree at
  /// PATH as one before it (a tag on a commit that did not touch PATH) is not audited again.
  ///
  /// Two revisions are audited at once (``HistoryLanes``), each in a work folder of its own: the
  /// one measures while the other judges; a revision is measured only once the revision before it
  /// is, so that each file is measured once and the cache sees the lookups in the order of a serial
  /// run. Releases and diagnostics come back in the revisions' order, as a serial run gives them.
  /// - Throws: a ``AuditFrontend/Failure`` naming a revision that is not a commit (before any audit).
  public func history(revisions: [String], path: String, diagnostics: inout [AuditDiagnostic]) throws(AuditFrontend.Failure) -> [Release] {
    let (top, inside) = try Self.repository(path)
    let objects = try GitObjects(top: top)
    var trees: [String] = []
    for revision in revisions {
      guard let tree = try objects.commit(revision) else {
        throw AuditFrontend.Failure(message: "'\(revision)' is not a git revision (a commit, tag or branch) of \(top)")
      }
      trees.append(tree)
    }
    // The audits to make: PATH's tree (or file) entries, each with its files and the first
    // revision that holds it; and which one each revision takes (nil: PATH missing there).
    var jobs: [HistoryLanes.Job] = []
    var jobOf: [GitObjects.Entry: Int?] = [:]
    var jobAt: [Int?] = []
    for (revision, tree) in zip(revisions, trees) {
      guard let entry = try objects.entry(root: tree, inside: inside) else {
        jobAt.append(nil)
        continue
      }
      if let known = jobOf[entry] {
        jobAt.append(known)
        continue
      }
      let files = try objects.files(of: entry, inside: inside)
      let index = files.map { files in
        jobs.append(HistoryLanes.Job(revision: revision, files: files))
        return jobs.count - 1
      }
      jobOf[entry] = index
      jobAt.append(index)
    }
    let temporary = Self.scratchFolder() + "/iconaudit-history-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    let name = inside == "." ? PathText.lastComponent(top) : PathText.lastComponent(inside)
    let lanes = HistoryLanes.laneCount(jobs: jobs.count)
    func folder(_ lane: Int) -> String { temporary + "/\(lane)/" + name }
    for lane in 0..<lanes {
      do {
        try FileManager.default.createDirectory(atPath: folder(lane), withIntermediateDirectories: true)
      } catch {
        throw AuditFrontend.Failure(message: "\(error)")
      }
    }
    let source = self
    let signatures = QuantisedSignatures()
    // What the audits measured and compared, written once as one pack (each audit's own flush
    // made 20 packs and merged them twice, 0.02 s of a 20-revision history).
    defer { cache?.flush() }
    let outcomes = HistoryLanes(jobs: jobs).run(lanes: lanes, folder: folder, objects: objects) {
      (job, work, measured, said: inout [AuditDiagnostic]) throws(AuditFrontend.Failure) -> Snapshot in
      try source.audit(work.path, label: job.revision, root: work.path, knownDigests: work.digests, measured: measured,
                       signatures: signatures, diagnostics: &said)
    }
    var releases: [Release] = []
    for (revision, job) in zip(revisions, jobAt) {
      guard let job else {
        releases.append(Release(revision: revision, snapshot: nil))
        continue
      }
      // What the audit said, again for each revision that takes it (as a serial run said it).
      diagnostics += outcomes[job].said
      var snapshot = try outcomes[job].snapshot.get()
      // The audit's label, the revision, is all that differs (nothing else in a report names it).
      (snapshot.source, snapshot.label) = (revision, revision)
      releases.append(Release(revision: revision, snapshot: snapshot))
    }
    return releases
  }

  /// Where the work folder of a history goes: `$TMPDIR` when set, else `/dev/shm` (memory) when it
  /// is a writable folder, else the temporary directory. On this machine's busy ext4 `/tmp`,
  /// creating the files' inodes took 40% of a 20-revision history; in memory, a tenth of that.
  static func scratchFolder() -> String {
    if ProcessInfo.processInfo.environment["TMPDIR"] == nil, access("/dev/shm", W_OK | X_OK) == 0 {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory), isDirectory.boolValue { return "/dev/shm" }
    }
    let path = FileManager.default.temporaryDirectory.path
    return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  /// The tags of the repository PATH is in that match `pattern` (a `git tag --list` glob; nil: all),
  /// in version order (v2.10 after v2.9).
  public static func tags(path: String, pattern: String?) throws(AuditFrontend.Failure) -> [String] {
    let (top, _) = try repository(path)
    let output = try run(["git", "-C", top, "tag", "--list", "--sort=v:refname"] + (pattern.map { ["--", $0] } ?? []))
    return output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// The repository's top folder and PATH's path inside it ("." for the top). Asked once a process
  /// for a PATH and working folder: `history --tags` asks it for the tags and again for the history
  /// (a `git rev-parse` process each, about 10 M instructions of `Process.run`).
  static func repository(_ path: String) throws(AuditFrontend.Failure) -> (top: String, inside: String) {
    let memoKey = FileManager.default.currentDirectoryPath + "\u{0}" + path
    if let known = repositories.answer(memoKey) { return known }
    let answer = try findRepository(path)
    repositories.keep(answer, for: memoKey)
    return answer
  }

  /// ``repository(_:)``'s answers so far in this process.
  private static let repositories = RepositoryAnswers()

  private final class RepositoryAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String: (top: String, inside: String)] = [:]
    func answer(_ key: String) -> (top: String, inside: String)? {
      lock.lock()
      defer { lock.unlock() }
      return answers[key]
    }
    func keep(_ answer: (top: String, inside: String), for key: String) {
      lock.lock()
      answers[key] = answer
      lock.unlock()
    }
  }

  private static func findRepository(_ path: String) throws(AuditFrontend.Failure) -> (top: String, inside: String) {
    let folder = path.isEmpty ? "." : path
    let top = try run(["git", "-C", gitDirectory(for: folder), "rev-parse", "--show-toplevel"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let absolute = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
    let topResolved = URL(fileURLWithPath: top).resolvingSymlinksInPath().path
    let inside = absolute == topResolved ? "" : String(absolute.dropFirst(topResolved.count + 1))
    return (top, inside.isEmpty ? "." : inside)
  }

  static func gitDirectory(for path: String) -> String {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return path }
    let parent = PathText.parent(path)
    return parent.isEmpty ? "." : parent
  }

  /// Runs a command (looked up on PATH) and returns its standard output; a failure names the
  /// command and what it wrote to standard error. Both outputs are read at the same time: a child
  /// that fills one pipe (64 KiB) while the other is being read to its end would block forever.
  @discardableResult
  static func run(_ command: [String]) throws(AuditFrontend.Failure) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do { try process.run() } catch { throw AuditFrontend.Failure(message: "cannot run \(command[0]): \(error)") }
    let errors = PipeDrain(err.fileHandleForReading)
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errorBytes = errors.wait()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let reason = String(decoding: errorBytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw AuditFrontend.Failure(message: "\(command.prefix(4).joined(separator: " ")) failed: \(reason)")
    }
    return String(decoding: output, as: UTF8.self)
  }
}

/// Reads a pipe to its end on another thread, so that the caller can read a second pipe meanwhile.
final class PipeDrain: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    // `data` is written only on the reading thread, and read only after `done` is signalled.
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  /// Everything the pipe held, once its writer has closed it.
  func wait() -> Data {
    done.wait()
    return data
  }
}
