// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParsing
import Foundation
import Guidelines
import IconRaster
import ReportWriters

/// `iconaudit audit PATH…`: measure, analyse the family, run the rules, write a report.
enum AuditCommand {
  static let formats = ["text", "json", "markdown", "html", "sarif", "github", "xcode"]

  static let spec = CommandSpec(
    name: "iconaudit audit",
    abstract: "Audit icon families against the guidelines and report findings with fixes.",
    discussion: """
      PATH is a PNG, SVG or PDF file or a folder (searched recursively). Each folder is a family;
      its role (tab bar, toolbar, …) comes from --role, the configuration's role patterns, or the
      folder's name (TabBar, Toolbar, NavigationBar, QuickActions). With several PATHs, paths in the
      reports start with each PATH's last path component (more when two end alike: a/Icons,
      b/Icons); keep the same PATHs between a baseline and the audits compared with it.

      Configuration: --config FILE, else the nearest .iconaudit.json in the first PATH's folder or
      above. 'iconaudit rules' lists the rules, their identifiers and thresholds.

      Exit codes: 0 no error findings (warnings allowed unless --strict); 1 error findings;
      2 an input could not be read, or no icon was found (wins over 1; every readable icon is
      still audited);
      64 usage error, unusable configuration/baseline, or an output file that cannot be used (an
      input, a folder, a file iconaudit did not write: see --force); 70 the report could not be
      written.
      """,
    options: [
      OptionSpec("format", value: "FORMAT", choices: formats, help: "Report format (default text)."),
      OptionSpec("output", short: "o", value: "FILE", help: "Write the report to FILE (atomically) instead of standard output."),
      OutputFile.forceOption,
      OptionSpec("config", value: "FILE", help: "Configuration file (default: nearest .iconaudit.json)."),
      OptionSpec("role", value: "ROLE", choices: IconRole.allCases.map(\.rawValue), help: "The role of every icon."),
      OptionSpec("reference", value: "DIR", help: "System icons to compare against (resembles_system_icon)."),
      OptionSpec("baseline", value: "FILE", help: "Report only findings not recorded in this baseline."),
      OptionSpec("write-baseline", value: "FILE", help: "Record the current findings as a baseline in FILE."),
      OptionSpec("label", value: "NAME", help: "A release name stored in the JSON report (e.g. v2.4)."),
      OptionSpec("strict", help: "Warnings fail the audit too (exit 1)."),
      OptionSpec("path-prefix", value: "PREFIX", help: "The folder icon paths are under in sarif and github output, from the repository root (a / is added)."),
    ] + CommonOptions.reading,
    positionalName: "PATH…", minimumPositionals: 1)

  static func run(_ arguments: ParsedArguments) throws(ArgumentError) -> ExitCode {
    let paths = arguments.positionals
    let configPath = arguments.value("config") ?? ConfigurationFile.find(from: paths[0])
    // Files the report must not replace: the icons, the configuration, the reference icons and the
    // baseline (which --write-baseline may update).
    let kept = paths + [configPath, arguments.value("reference")].compactMap { $0 }
    let reportInputs = kept + [arguments.value("baseline")].compactMap { $0 }
    guard OutputFile.checkTargets(arguments, [("output", reportInputs), ("write-baseline", kept)]) else { return .usage }
    let replace = arguments.flag("force")
    // Configuration: defaults < file < command line.
    var configuration = AuditConfiguration()
    if let configPath {
      do {
        configuration = try ConfigurationFile.load(path: configPath)
      } catch {
        Console.err("iconaudit: \(error)")
        return .usage
      }
    }
    if let role = arguments.value("role") { configuration.roleOverride = IconRole(rawValue: role) }
    var options = try CommonOptions.measurementOptions(arguments)
    if arguments.value("vector-scale") == nil { options.vectorScale = configuration.vectorScale }
    if arguments.value("png-scale") == nil { options.pngScale = configuration.pngScale }
    options.prepareForAudit(configuration)

    var baseline: Baseline?
    if let path = arguments.value("baseline") {
      do {
        baseline = try Baseline.load(path: path)
      } catch {
        Console.err("iconaudit: \(error)")
        return .usage
      }
    }

    var references: [ReferenceIcon] = []
    var failures: [InputFailure] = []
    if let directory = arguments.value("reference") {
      var referenceOptions = options
      referenceOptions.drawings = .keep
      referenceOptions.textMinimumHeightPx = nil
      let (refs, refFailures) = MeasurementPipeline.run(paths: [directory], options: referenceOptions)
      references = refs.compactMap { icon in icon.mask.map { ReferenceIcon(name: icon.id, mask: $0) } }
      failures += refFailures.map { InputFailure(path: $0.path, reason: $0.reason + " (a --reference input)", reportPath: $0.reportPath) }
      if refs.isEmpty && refFailures.isEmpty {
        Console.err("iconaudit: --reference \(directory): no reference icons found")
        return .usage
      }
    }

    let (measured, measureFailures) = MeasurementPipeline.run(paths: paths, options: options, progress: ProgressBar.forStandardError())
    failures += measureFailures
    for failure in failures { Console.err("iconaudit: \(failure)") }
    if measured.isEmpty && failures.isEmpty { Console.err("iconaudit: \(MeasurementPipeline.nothingFound(paths))") }

    let rootName = rootFolderName(paths)
    let icons = auditIcons(measured, configuration: configuration, rootName: rootName)
    // A role pattern that matches no icon is most likely written from another folder than the
    // audited PATH: say so, with a path it would have to match.
    if configuration.roleOverride == nil, let configPath, let example = icons.first?.path {
      for pattern in configuration.roles where !icons.contains(where: { Glob.matches(pattern.pattern, $0.path) }) {
        Console.err("iconaudit: \(configPath): role pattern '\(pattern.pattern)' matches no icon "
          + "(patterns match report paths, relative to the audited PATH, such as '\(example)')")
      }
    }
    var report = Auditor.audit(icons, configuration: configuration, references: references, label: arguments.value("label"))
    report.rootName = rootName
    // A drawing a rule could not read back (its file changed or went away meanwhile) is unreadable.
    let readBack = options.readBackFailures.all
    for failure in readBack { Console.err("iconaudit: \(failure)") }
    failures += readBack
    report.unreadable = failures.map { ($0.reportPath, $0.reason) }

    if let path = arguments.value("write-baseline") {
      let text = BaselineWriter.write(Baseline(findings: report.findings))
      do {
        try OutputFile.write(text, to: path, inputs: kept, replace: replace)
        Console.err("iconaudit: wrote a baseline of \(report.findings.count) finding\(report.findings.count == 1 ? "" : "s") to \(path)")
      } catch {
        Console.err("iconaudit: \(error)")
        return .failure
      }
    }
    if let baseline {
      let (new, suppressed) = baseline.filter(report.findings)
      report.findings = new
      if suppressed > 0 { Console.err("iconaudit: \(suppressed) findings in the baseline not reported") }
    }

    let text: String
    // A folder: `App/Icons` and `App/Icons/` both put paths under App/Icons/.
    let prefix = arguments.value("path-prefix").map { $0.isEmpty || $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
    switch arguments.value("format") ?? "text" {
    case "json":
      // Written as bytes, in pieces: never the whole report as a tree, a String or one buffer.
      let pieces = JSONReportWriter.writeUTF8Pieces(report, toolVersion: IconAuditCommand.version)
      guard OutputFile.emit(pieces: pieces, to: arguments.value("output"), inputs: reportInputs, replace: replace) else { return .failure }
      return exitCode(report, failures: failures, strict: arguments.flag("strict"))
    case "markdown": text = MarkdownReportWriter.write(report, toolVersion: IconAuditCommand.version)
    case "html":
      // The page reads the drawings back; one that cannot be read then is listed on it too.
      text = HTMLReportWriter.write(
        report, toolVersion: IconAuditCommand.version,
        configurationDescription: configPath.map { "configuration file " + PathText.lastComponent($0) },
        readBackFailures: {
          options.readBackFailures.all.filter { failure in !readBack.contains { $0.reportPath == failure.reportPath } }
            .map { (path: $0.reportPath, reason: $0.reason) }
        })
    case "sarif":
      var prefixed = report
      if !prefix.isEmpty {
        prefixed.findings = report.findings.map { var f = $0; f.path = prefix + f.path; return f }
        prefixed.unreadable = report.unreadable.map { (prefix + $0.path, $0.reason) }
      }
      text = SARIFReportWriter.write(prefixed, toolVersion: IconAuditCommand.version)
    case "github": text = GitHubAnnotationWriter.write(report, pathPrefix: prefix)
    case "xcode": text = XcodeDiagnosticsWriter.write(report, root: absoluteRoot(paths[0]))
    default: text = TextReportWriter.write(report, color: arguments.value("output") == nil && Console.stdoutIsTerminal)
    }
    guard OutputFile.emit(text, to: arguments.value("output"), inputs: reportInputs, replace: replace) else { return .failure }
    // The HTML report reads the drawings back too.
    let late = options.readBackFailures.all.filter { failure in !readBack.contains { $0.reportPath == failure.reportPath } }
    for failure in late { Console.err("iconaudit: \(failure)") }
    return exitCode(report, failures: failures + late, strict: arguments.flag("strict"))
  }

  /// 2 when an input was unreadable or no icon was found (a mistyped or moved folder must not pass
  /// a CI gate), else 1 with error findings (or warnings, `--strict`), else 0.
  static func exitCode(_ report: AuditReport, failures: [InputFailure], strict: Bool) -> ExitCode {
    if !failures.isEmpty || report.icons.isEmpty { return .unreadableInput }
    let failing = report.findings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    return failing ? .findings : .success
  }
}

extension MeasurementOptions {
  /// Options of an audit under `configuration`: drawings read back when two are compared, text
  /// looked for while each drawing is at hand.
  mutating func prepareForAudit(_ configuration: AuditConfiguration) {
    drawings = .reload
    textMinimumHeightPx = configuration.textMinimumHeightPx
  }
}

/// The measured icons as the rules see them: each folder a family, roles from the configuration
/// (and the audited folder's own name), selected states paired with their items.
func auditIcons(_ measured: [MeasuredIcon], configuration: AuditConfiguration, rootName: String?) -> [AuditIcon] {
  // On all cores: matching the role patterns and folder names is string work for every icon.
  StatePairing.assign(measured.parallelMap { icon in
    icon.auditIcon(family: PathText.parent(icon.id), role: configuration.role(forRelativePath: icon.path, rootName: rootName))
  }, suffixes: configuration.selectedSuffixes)
}

/// The audited folder's own name when the one PATH is a folder (report paths are relative to it,
/// so its name, `TabBar` say, is not in them; it still tells the icons' role), or the folder of the
/// PATHs when they are all files in one folder (`TabBar/*.png`), else nil.
func rootFolderName(_ paths: [String]) -> String? {
  var folders = Set<String>()
  for path in paths {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
    let url = URL(fileURLWithPath: path).standardizedFileURL
    if isDirectory.boolValue {
      guard paths.count == 1 else { return nil }
      folders.insert(url.path)
    } else {
      folders.insert(PathText.parent(url.path))
    }
  }
  guard folders.count == 1, let folder = folders.first else { return nil }
  let name = PathText.lastComponent(folder)
  return name.isEmpty || name == "/" ? nil : name
}

/// The folder icon paths are relative to, as an absolute path (for Xcode's diagnostics).
func absoluteRoot(_ path: String) -> String {
  var isDirectory: ObjCBool = false
  let url = URL(fileURLWithPath: path).standardizedFileURL
  if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue { return url.path }
  return PathText.parent(url.path)
}

/// `iconaudit rules`: the rule catalogue.
enum RulesCommand {
  static let spec = CommandSpec(
    name: "iconaudit rules",
    abstract: "List the guideline rules: identifiers, rationale, thresholds.",
    options: [OptionSpec("format", value: "FORMAT", choices: ["text", "markdown"], help: "Output format (default text).")],
    maximumPositionals: 0)

  static func run(_ arguments: ParsedArguments) throws(ArgumentError) -> ExitCode {
    Console.out(arguments.value("format") == "markdown" ? RuleCatalogWriter.markdown() : RuleCatalogWriter.text())
    return .success
  }
}

enum BaselineWriter {
  static func write(_ baseline: Baseline) -> String {
    let entries: [JSONValue] = baseline.entries.map { e in
      .object([
        "iconId": .string(e.iconId), "ruleId": .string(e.ruleId), "path": .string(e.path),
        "severity": .string(e.severity.rawValue), "measured": e.measured.map(JSONValue.double) ?? .null,
      ])
    }
    return JSONValue.object(["version": .int(Baseline.currentVersion), "tool": .string("iconaudit"), "findings": .array(entries)]).serialized()
  }
}
