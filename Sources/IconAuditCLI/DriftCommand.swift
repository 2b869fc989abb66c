// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParsing
import AuditFrontend
import Foundation
import Guidelines
import IconSupport
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
      OptionSpec("format", value: "FORMAT", choices: DriftFormat.allCases.map(\.rawValue), help: "Output format (default text)."),
      OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE (atomically) instead of standard output."),
      OutputFile.forceOption,
      OptionSpec("git", value: "REV1", help: "Audit PATH at git revisions REV1 and NEW (REV2): drift --git REV1 REV2 PATH."),
      OptionSpec("fail-on", value: "GATE", repeatable: true, help: "new-findings, drift, or score-drop=N: exit 1 when it trips."),
      OptionSpec("config", value: "FILE", help: "Configuration for folders audited on the spot."),
      OptionSpec("size-tolerance", value: "F", help: "Relative size change that counts (default 0.025)."),
      OptionSpec("stroke-tolerance-px", value: "PX", help: "Stroke change that counts, in px (default 0.25)."),
      OptionSpec("detail-tolerance", value: "F", help: "Relative detail change that counts (default 0.10)."),
      OptionSpec("center-tolerance-pt", value: "PT", help: "Optical centre move that counts, in pt (default 0.5)."),
    ] + CommonOptions.caching,
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
    // The cache's settings of the configuration (a configuration that cannot be used is refused
    // where a folder is audited with it).
    let configuration = arguments.value("config").flatMap { try? AuditFrontend.configuration(path: $0) }
    let cache = try CommonOptions.cache(arguments, configuration: configuration)
    let source = SnapshotSource(configurationPath: arguments.value("config"), rendering: CommonOptions.isolatedRendering(), cache: cache)
    let before: Snapshot, after: Snapshot
    // What folders audited now have to say (each unreadable icon named on stderr).
    var diagnostics: [AuditDiagnostic] = []
    do {
      if let rev1 = arguments.value("git") {
        // drift --git REV1 REV2 PATH: positionals are REV2 and PATH.
        let rev2 = arguments.positionals[0], path = arguments.positionals[1]
        before = try source.git(revision: rev1, path: path, diagnostics: &diagnostics)
        after = try source.git(revision: rev2, path: path, diagnostics: &diagnostics)
      } else {
        before = try source.load(arguments.positionals[0], diagnostics: &diagnostics)
        after = try source.load(arguments.positionals[1], diagnostics: &diagnostics)
      }
    } catch {
      for diagnostic in diagnostics { Console.err("iconaudit: \(diagnostic)") }
      return Console.failed(error)
    }
    for diagnostic in diagnostics { Console.err("iconaudit: \(diagnostic)") }
    CommonOptions.reportCache(cache, arguments)
    let unreadable = diagnostics.filter { if case .unreadable = $0 { true } else { false } }.count
    let report = Drift.compare(before, after, tolerances: tolerances)
    let text: String
    switch DriftFormat(rawValue: arguments.value("format") ?? DriftFormat.text.rawValue) {
    case .json: text = DriftWriter.jsonValue(report).serialized()
    case .markdown: text = DriftWriter.markdown(report)
    case .html: text = DriftWriter.html(report)
    case .text: text = DriftWriter.text(report)
    case nil: return .usage  // the parser only accepts DriftFormat's values
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

/// `drift`'s output formats, in the order the help lists them.
enum DriftFormat: String, CaseIterable {
  case text, json, markdown, html
}

/// `history`'s output formats, in the order the help lists them.
enum HistoryFormat: String, CaseIterable {
  case markdown, html, json
}

/// `iconaudit history SNAPSHOT…`: the family over many releases.
enum HistoryCommand {
  static let spec = CommandSpec(
    name: "iconaudit history",
    abstract: "The icon family over many releases: consistency, spreads, and the icons that moved most.",
    discussion: """
      SNAPSHOT is a JSON report or a folder audited on the spot. Releases are shown in the order
      given, or by label with --order label (natural version order).

      With --git REV… PATH, PATH is audited at each revision, in the order given, read straight from
      git's objects (no checkout: the work tree and the index are untouched); with --tags [PATTERN]
      PATH, at every tag (matching PATTERN, a glob such as 'v*') in version order. Files unchanged
      between revisions are measured once (and not again while the measurement cache holds them).
      A revision where PATH does not exist is listed as such.

      Exit codes: 0 done; 2 a snapshot could not be read, or a revision is not a commit of the
      repository (named); 64 usage error (also an output file that cannot be used: an input, a
      folder, a file iconaudit did not write without --force); 70 the report could not be written.
      """,
    options: [
      OptionSpec("format", value: "FORMAT", choices: HistoryFormat.allCases.map(\.rawValue), help: "Output format (default markdown)."),
      OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE (atomically) instead of standard output."),
      OutputFile.forceOption,
      OptionSpec("order", value: "ORDER", choices: ["given", "label"], help: "Order of releases (default given)."),
      OptionSpec("git", help: "The positionals are REV… PATH: PATH audited at each git revision."),
      OptionSpec("tags", help: "The positionals are [PATTERN] PATH: PATH audited at every tag (matching PATTERN)."),
      OptionSpec("config", value: "FILE", help: "Configuration for folders and revisions audited on the spot."),
    ] + CommonOptions.caching,
    positionalName: "SNAPSHOT…", minimumPositionals: 1)

  static func run(_ arguments: ParsedArguments) throws(ArgumentError) -> ExitCode {
    let inputs = arguments.positionals + [arguments.value("config")].compactMap { $0 }
    guard OutputFile.checkTargets(arguments, inputs: inputs) else { return .usage }
    var snapshots: [Snapshot] = []
    var missing: [(label: String, position: Int)] = []
    // The cache's settings of the configuration (a configuration that cannot be used is refused
    // where a folder is audited with it).
    let configuration = arguments.value("config").flatMap { try? AuditFrontend.configuration(path: $0) }
    // Many revisions audit the same files: payloads are kept in memory too.
    let cache = try CommonOptions.cache(arguments, configuration: configuration, memo: true)
      ?? MeasurementCache.memoryOnly()
    let source = SnapshotSource(configurationPath: arguments.value("config"), rendering: CommonOptions.isolatedRendering(), cache: cache)
    var unreadable = 0
    if arguments.flag("git") || arguments.flag("tags") {
      let positionals = arguments.positionals
      guard !(arguments.flag("git") && arguments.flag("tags")) else {
        throw .invalidValue(option: "tags", value: "", expected: "either --git REV… PATH or --tags [PATTERN] PATH, not both")
      }
      let path = positionals[positionals.count - 1]
      var diagnostics: [AuditDiagnostic] = []
      do throws(AuditFrontend.Failure) {
        var revisions = Array(positionals.dropLast())
        if arguments.flag("tags") {
          guard revisions.count <= 1 else {
            throw AuditFrontend.Failure(message: "--tags takes at most one PATTERN before PATH (got \(revisions.count))", usage: true)
          }
          revisions = try SnapshotSource.tags(path: path, pattern: revisions.first)
          if revisions.isEmpty {
            throw AuditFrontend.Failure(message: "no tag\(positionals.count == 2 ? " matches '\(positionals[0])'" : "") in the repository of \(path)", usage: true)
          }
        } else if revisions.isEmpty {
          throw AuditFrontend.Failure(message: "--git needs at least one revision before PATH", usage: true)
        }
        for release in try source.history(revisions: revisions, path: path, diagnostics: &diagnostics) {
          if let snapshot = release.snapshot {
            snapshots.append(snapshot)
          } else {
            missing.append((release.revision, snapshots.count))
            Console.err("iconaudit: \(path) does not exist at \(release.revision): listed as such")
          }
        }
      } catch {
        for diagnostic in diagnostics { Console.err("iconaudit: \(diagnostic)") }
        return Console.failed(error)
      }
      for diagnostic in diagnostics { Console.err("iconaudit: \(diagnostic)") }
      unreadable += diagnostics.filter { if case .unreadable = $0 { true } else { false } }.count
    } else {
      for path in arguments.positionals {
        var diagnostics: [AuditDiagnostic] = []
        do {
          snapshots.append(try source.load(path, diagnostics: &diagnostics))
        } catch {
          for diagnostic in diagnostics { Console.err("iconaudit: \(diagnostic)") }
          return Console.failed(error)
        }
        for diagnostic in diagnostics { Console.err("iconaudit: \(diagnostic)") }
        unreadable += diagnostics.filter { if case .unreadable = $0 { true } else { false } }.count
      }
    }
    CommonOptions.reportCache(cache, arguments)
    if arguments.value("order") == "label" { snapshots = HistoryReport.ordered(byLabel: snapshots) }
    var history = HistoryReport(snapshots: snapshots)
    history.missing = missing
    let text: String
    switch HistoryFormat(rawValue: arguments.value("format") ?? HistoryFormat.markdown.rawValue) {
    case .json: text = HistoryWriter.jsonValue(history).serialized()
    case .html: text = HistoryWriter.html(history)
    case .markdown: text = HistoryWriter.markdown(history)
    case nil: return .usage  // the parser only accepts HistoryFormat's values
    }
    guard OutputFile.emit(text, to: arguments.value("output"), inputs: inputs, replace: arguments.flag("force")) else {
      return .failure
    }
    return unreadable > 0 ? .unreadableInput : .success
  }
}
