// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParsing
import Foundation
import Guidelines
import IconRaster
import ReportWriters

/// `iconaudit drift OLD NEW`: what changed in the family between two releases.
enum DriftCommand {
  static let spec = CommandSpec(
    name: "iconaudit drift",
    abstract: "Compare two releases of an icon family: icons added, removed, renamed, changed; findings new and fixed.",
    discussion: """
      OLD and NEW are JSON reports ('iconaudit audit --format json', the release snapshots) or
      folders/catalogs, audited on the spot. With --git REV1 REV2 PATH, PATH is audited as it was
      at two git revisions, read with 'git archive' without touching the work tree.

      Changes beyond measurement noise are reported: perceived size 2.5%, stroke 0.25 px, detail
      10%, optical centre 0.5 pt (--size-tolerance, --stroke-tolerance-px, --detail-tolerance,
      --center-tolerance-pt). --fail-on new-findings|drift|score-drop=N exits 1 when it trips.

      Exit codes: 0 no gate tripped; 1 a gate tripped; 2 an input could not be read (a snapshot, or
      an icon of a folder audited on the spot: the report is still written); 64 usage error (also
      an output file that cannot be used: an input, a folder, a file iconaudit did not write
      without --force); 70 the report could not be written.
      """,
    options: [
      OptionSpec("format", value: "FORMAT", choices: ["text", "json", "markdown", "html"], help: "Output format (default text)."),
      OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE (atomically) instead of standard output."),
      OutputFile.forceOption,
      OptionSpec("git", value: "REV1", help: "Audit PATH at git revisions REV1 and NEW (REV2): drift --git REV1 REV2 PATH."),
      OptionSpec("fail-on", value: "GATE", repeatable: true, help: "new-findings, drift, or score-drop=N: exit 1 when it trips."),
      OptionSpec("config", value: "FILE", help: "Configuration for folders audited on the spot."),
      OptionSpec("size-tolerance", value: "F", help: "Relative size change that counts (default 0.025)."),
      OptionSpec("stroke-tolerance-px", value: "PX", help: "Stroke change that counts, in px (default 0.25)."),
      OptionSpec("detail-tolerance", value: "F", help: "Relative detail change that counts (default 0.10)."),
      OptionSpec("center-tolerance-pt", value: "PT", help: "Optical centre move that counts, in pt (default 0.5)."),
    ],
    positionalName: "OLD NEW", minimumPositionals: 2, maximumPositionals: 2)

  static func run(_ arguments: ParsedArguments) throws(ArgumentError) -> ExitCode {
    var tolerances = DriftTolerances()
    if let v = try arguments.double("size-tolerance", in: 0...1) { tolerances.size = v }
    if let v = try arguments.double("stroke-tolerance-px", in: 0...100) { tolerances.strokePx = v }
    if let v = try arguments.double("detail-tolerance", in: 0...10) { tolerances.detail = v }
    if let v = try arguments.double("center-tolerance-pt", in: 0...100) { tolerances.centerPt = v }
    let driftInputs = arguments.positionals + [arguments.value("config")].compactMap { $0 }
    guard OutputFile.checkTargets(arguments, inputs: driftInputs) else { return .usage }
    var gates: [DriftGate] = []
    for raw in arguments.allValues("fail-on") {
      guard let gate = DriftGate(raw) else {
        throw .invalidValue(option: "fail-on", value: raw, expected: "new-findings, drift or score-drop=N")
      }
      gates.append(gate)
    }
    let before: Snapshot, after: Snapshot
    // Icons of a folder audited now that could not be read (each named on stderr).
    var unreadable = 0
    do {
      if let rev1 = arguments.value("git") {
        // drift --git REV1 REV2 PATH: positionals are REV2 and PATH.
        let rev2 = arguments.positionals[0], path = arguments.positionals[1]
        before = try SnapshotSource.git(revision: rev1, path: path, configPath: arguments.value("config"), unreadable: &unreadable)
        after = try SnapshotSource.git(revision: rev2, path: path, configPath: arguments.value("config"), unreadable: &unreadable)
      } else {
        before = try SnapshotSource.load(arguments.positionals[0], configPath: arguments.value("config"), unreadable: &unreadable)
        after = try SnapshotSource.load(arguments.positionals[1], configPath: arguments.value("config"), unreadable: &unreadable)
      }
    } catch let error as SnapshotSource.Failure {
      Console.err("iconaudit: \(error.message)")
      return error.usage ? .usage : .unreadableInput
    } catch {
      Console.err("iconaudit: \(error)")
      return .unreadableInput
    }
    let report = Drift.compare(before, after, tolerances: tolerances)
    let text: String
    switch arguments.value("format") ?? "text" {
    case "json": text = DriftWriter.jsonValue(report).serialized()
    case "markdown": text = DriftWriter.markdown(report)
    case "html": text = DriftWriter.html(report)
    default: text = DriftWriter.text(report)
    }
    guard OutputFile.emit(text, to: arguments.value("output"), inputs: driftInputs, replace: arguments.flag("force")) else {
      return .failure
    }
    let tripped = gates.compactMap { $0.trips(report) }
    for reason in tripped { Console.err("iconaudit: drift gate tripped: \(reason)") }
    // As for audit: an unreadable input wins over a tripped gate.
    if unreadable > 0 { return .unreadableInput }
    return tripped.isEmpty ? .success : .findings
  }
}

/// `iconaudit history SNAPSHOT…`: the family over many releases.
enum HistoryCommand {
  static let spec = CommandSpec(
    name: "iconaudit history",
    abstract: "The icon family over many releases: consistency, spreads, and the icons that moved most.",
    discussion: """
      SNAPSHOT is a JSON report or a folder audited on the spot. Releases are shown in the order
      given, or by label with --order label (natural version order).

      Exit codes: 0 done; 2 a snapshot could not be read; 64 usage error (also an output file that
      cannot be used: an input, a folder, a file iconaudit did not write without --force); 70 the
      report could not be written.
      """,
    options: [
      OptionSpec("format", value: "FORMAT", choices: ["markdown", "html", "json"], help: "Output format (default markdown)."),
      OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE (atomically) instead of standard output."),
      OutputFile.forceOption,
      OptionSpec("order", value: "ORDER", choices: ["given", "label"], help: "Order of releases (default given)."),
    ],
    positionalName: "SNAPSHOT…", minimumPositionals: 1)

  static func run(_ arguments: ParsedArguments) throws(ArgumentError) -> ExitCode {
    guard OutputFile.checkTargets(arguments, inputs: arguments.positionals) else { return .usage }
    var snapshots: [Snapshot] = []
    var unreadable = 0
    for path in arguments.positionals {
      do {
        snapshots.append(try SnapshotSource.load(path, configPath: nil, unreadable: &unreadable))
      } catch let error as SnapshotSource.Failure {
        Console.err("iconaudit: \(error.message)")
        return error.usage ? .usage : .unreadableInput
      } catch {
        Console.err("iconaudit: \(error)")
        return .unreadableInput
      }
    }
    if arguments.value("order") == "label" { snapshots = HistoryReport.ordered(byLabel: snapshots) }
    let history = HistoryReport(snapshots: snapshots)
    let text: String
    switch arguments.value("format") ?? "markdown" {
    case "json": text = HistoryWriter.jsonValue(history).serialized()
    case "html": text = HistoryWriter.html(history)
    default: text = HistoryWriter.markdown(history)
    }
    guard OutputFile.emit(text, to: arguments.value("output"), inputs: arguments.positionals, replace: arguments.flag("force")) else {
      return .failure
    }
    return unreadable > 0 ? .unreadableInput : .success
  }
}

/// Where a snapshot comes from: a JSON report, a folder audited now, or a git revision.
enum SnapshotSource {
  struct Failure: Error {
    var message: String
    var usage = false
  }

  /// - Parameter unreadable: increased by the icons of an audited folder that could not be read.
  static func load(_ path: String, configPath: String?, unreadable: inout Int) throws -> Snapshot {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw Failure(message: "\(path): no such file or directory")
    }
    if isDirectory.boolValue {
      return try audit(path, label: PathText.lastComponent(path), configPath: configPath, root: path, unreadable: &unreadable)
    }
    do {
      return try Snapshot.load(path: path)
    } catch {
      throw Failure(message: error.description)
    }
  }

  /// Audits a folder now and reads the result as a snapshot (through the JSON report, so it is
  /// exactly what a stored snapshot would hold).
  static func audit(_ path: String, label: String, configPath: String?, root: String, unreadable: inout Int) throws -> Snapshot {
    var configuration = AuditConfiguration()
    if let configPath = configPath ?? ConfigurationFile.find(from: root) {
      do { configuration = try ConfigurationFile.load(path: configPath) } catch { throw Failure(message: error.description, usage: true) }
    }
    var options = MeasurementOptions()
    options.prepareForAudit(configuration)
    options.vectorScale = configuration.vectorScale
    options.pngScale = configuration.pngScale
    options.vectorRendering = CommonOptions.isolatedRendering()
    let (measured, failures) = MeasurementPipeline.run(paths: [path], options: options)
    for failure in failures { Console.err("iconaudit: \(failure)") }
    let icons = auditIcons(measured, configuration: configuration, rootName: rootFolderName([path]))
    let report = Auditor.audit(icons, configuration: configuration, label: label)
    let readBack = options.readBackFailures.all
    for failure in readBack { Console.err("iconaudit: \(failure)") }
    unreadable += failures.count + readBack.count
    let json = JSONReportWriter.write(report, toolVersion: IconAuditCommand.version)
    do {
      return try Snapshot(json: Data(json.utf8), source: label)
    } catch {
      throw Failure(message: error.description)
    }
  }

  /// Extracts PATH at a git revision into a temporary folder with `git archive` (the work tree
  /// and the index are not touched) and audits it.
  static func git(revision: String, path: String, configPath: String?, unreadable: inout Int) throws -> Snapshot {
    guard !revision.hasPrefix("-") else { throw Failure(message: "'\(revision)' is not a git revision", usage: true) }
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("iconaudit-git-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    let folder = path.isEmpty ? "." : path
    // The repository and the path inside it, from where PATH is.
    let top = try run(["git", "-C", gitDirectory(for: folder), "rev-parse", "--show-toplevel"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let absolute = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
    let topResolved = URL(fileURLWithPath: top).resolvingSymlinksInPath().path
    var inside = absolute == topResolved ? "" : String(absolute.dropFirst(topResolved.count + 1))
    if inside.isEmpty { inside = "." }
    let archive = temporary + "/tree.tar"
    _ = try run(["git", "-C", top, "archive", "--format=tar", "-o", archive, revision, "--", inside])
    _ = try run(["tar", "-xf", archive, "-C", temporary])
    try? FileManager.default.removeItem(atPath: archive)
    let extracted = inside == "." ? temporary : temporary + "/" + inside
    return try audit(extracted, label: revision, configPath: configPath, root: extracted, unreadable: &unreadable)
  }

  static func gitDirectory(for path: String) -> String {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return path }
    let parent = PathText.parent(path)
    return parent.isEmpty ? "." : parent
  }

  @discardableResult
  static func run(_ command: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do { try process.run() } catch { throw Failure(message: "cannot run \(command[0]): \(error)") }
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let reason = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw Failure(message: "\(command.prefix(4).joined(separator: " ")) failed: \(reason)")
    }
    return String(decoding: output, as: UTF8.self)
  }
}
