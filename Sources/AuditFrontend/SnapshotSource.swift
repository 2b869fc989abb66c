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

  public init(configurationPath: String? = nil, rendering: VectorRendering = .inProcess) {
    self.configurationPath = configurationPath
    self.rendering = rendering
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

  /// Audits a folder now and reads the result as a snapshot (through the JSON report, so it is
  /// exactly what a stored snapshot would hold). As before the frontend, only skipped images and
  /// unreadable files are said (not "no icons found" nor role patterns that match nothing).
  func audit(_ path: String, label: String, root: String, diagnostics: inout [AuditDiagnostic]) throws(AuditFrontend.Failure) -> Snapshot {
    let configurationPath = configurationPath ?? ConfigurationFile.find(from: root)
    let configuration = try AuditFrontend.configuration(path: configurationPath)
    var options = MeasurementOptions()
    options.vectorScale = configuration.vectorScale
    options.pngScale = configuration.pngScale
    options.idioms = configuration.idioms
    options.vectorRendering = rendering
    let result = try AuditFrontend.run(AuditRequest(paths: [path], configuration: configuration, options: options, label: label))
    diagnostics += result.diagnostics.filter {
      switch $0 {
      case .skippedImages, .skippedSets, .unreadable: return true
      case .nothingFound, .rolePatternMatchesNothing, .suppressedByBaseline, .codeNote: return false
      }
    }
    do {
      return try Snapshot(json: Data(JSONReportWriter.writeUTF8(result.report, toolVersion: AuditFrontend.toolVersion)), source: label)
    } catch {
      throw AuditFrontend.Failure(message: error.description)
    }
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
