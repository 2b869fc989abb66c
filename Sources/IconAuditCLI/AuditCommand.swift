// SPDX-License-Identifier: GPL-3.0-or-later
import AppCodeScan
import ArgumentParsing
import AuditFrontend
import Foundation
import Guidelines
import IconSupport
import ReportWriters

/// `iconaudit audit PATH…`: measure, analyse the family, run the rules, write a report.
enum AuditCommand {
  static let spec = CommandSpec(
    name: "iconaudit audit",
    abstract: "Audit icon families against the guidelines and report findings with fixes.",
    discussion: """
      PATH is a PNG, SVG or PDF file or a folder (searched recursively). Each folder is a family;
      its role (tab bar, toolbar, …) comes from --role, the configuration's role patterns, or the
      folder's name (TabBar, Toolbar, NavigationBar, QuickActions). Only bar icons are audited:
      those with a role, and otherwise those that look like one (one colour or
      template-rendering-intent template, 8 to 60×40 pt); colour illustrations, app icons,
      images larger than a bar allows or smaller than any icon, solid fills (a button background,
      a mask) and sets rendered as original are listed in the summary as not audited, with the
      reason (--all-images audits them all); a folder's name does not keep a swatch, a solid fill
      or a colour image set without template intent in a folder drawn in colour. A folder of
      icons of no role on several canvas sizes is compared within each canvas size.

      One PATH that is an app's folder (an .xcodeproj, Package.swift, or sources beside asset
      catalogs) is audited as the app uses its images: the code, storyboards and SwiftUI views
      say which image sets are bar icons, their role and their selected images; the others stay
      out (--ignore-code: audit every set as above). With several PATHs, paths in the reports
      start with each PATH's last path component (more when two end alike: a/Icons, b/Icons);
      keep the same PATHs between a baseline and the audits compared with it.

      Configuration: --config FILE, else the nearest .iconaudit.json in the first PATH's folder or
      above. 'iconaudit rules' lists the rules, their identifiers and thresholds.

      Exit codes: 0 no error findings (warnings allowed unless --strict or "strict": true in the
      configuration); 1 error findings; 2 a PATH does not exist or is a file that is not an
      image (nothing is audited), an input could not be read, or no image was found at all
      (images found not to be bar icons are not an error; wins over 1: every readable icon is
      still audited); 64 usage error, unusable
      configuration/baseline, or an output file that cannot be used (an input, a folder, a file
      iconaudit did not write: see --force); 70 the report could not be
      written. --warnings-only (a build phase that must not fail): every finding is reported as
      a warning or a note, and the exit code is 0 unless an input could not be read (2); a
      configuration with "strict": true turns it off (the project decides whether its builds
      fail on findings).
      """,
    options: [
      OptionSpec("format", value: "FORMAT", choices: ReportFormats.identifiers, help: "Report format (default text)."),
      OptionSpec("output", short: "o", value: "FILE", help: "Write the report to FILE (atomically) instead of standard output."),
      OutputFile.forceOption,
      OptionSpec("config", value: "FILE", help: "Configuration file (default: nearest .iconaudit.json)."),
      OptionSpec("role", value: "ROLE", choices: IconRole.allCases.map(\.rawValue), help: "The role of every icon."),
      OptionSpec("reference", value: "DIR", help: "System icons to compare against (resembles_system_icon)."),
      OptionSpec("baseline", value: "FILE", help: "Report only findings not recorded in this baseline."),
      OptionSpec("write-baseline", value: "FILE", help: "Record the current findings as a baseline in FILE."),
      OptionSpec("label", value: "NAME", help: "A release name stored in the JSON report (e.g. v2.4)."),
      OptionSpec("strict", help: "Warnings fail the audit too (exit 1)."),
      OptionSpec("warnings-only", help: "Report error findings as warnings and exit 0 unless an input could not be read (for build phases; off when the configuration says \"strict\": true)."),
      OptionSpec("all-images", help: "Audit every image as a bar icon (default: only bar icons: by role, the app's code, or their look; the rest is listed in the summary)."),
      OptionSpec("ignore-code", help: "An app's folder: audit every image set by folder, without reading which ones its code puts in bars."),
      OptionSpec("path-prefix", value: "PREFIX", help: "The folder icon paths are under in sarif and github output, from the repository root (a / is added)."),
    ] + CommonOptions.reading,
    positionalName: "PATH…", minimumPositionals: 1)

  static func run(_ arguments: ParsedArguments) throws(ArgumentError) -> ExitCode {
    let paths = arguments.positionals
    if arguments.flag("warnings-only") && arguments.flag("strict") {
      Console.err("iconaudit: --warnings-only and --strict cannot be used together\nUsage: \(spec.shortUsage)\nSee 'iconaudit audit --help'.")
      return .usage
    }
    // A mistyped PATH: said at once, nothing audited or written (not "1 image found, 1 unreadable").
    guard CommonOptions.pathsExist(paths) else { return .unreadableInput }
    let configPath = arguments.value("config") ?? ConfigurationFile.find(from: paths[0])
    // Files the report must not replace: the icons, the configuration, the reference icons and the
    // baseline (which --write-baseline may update).
    let kept = paths + [configPath, arguments.value("reference")].compactMap { $0 }
    let reportInputs = kept + [arguments.value("baseline")].compactMap { $0 }
    guard OutputFile.checkTargets(arguments, [("output", reportInputs), ("write-baseline", kept)]) else { return .usage }
    let replace = arguments.flag("force")
    // Configuration: defaults < file < command line.
    var request = AuditRequest(paths: paths, configurationPath: configPath, referencePath: arguments.value("reference"),
                               label: arguments.value("label"), progress: ProgressBar.forStandardError())
    do {
      request.configuration = try AuditFrontend.configuration(path: configPath)
    } catch {
      return Console.failed(error)
    }
    // A build phase's view, unless the project's configuration says its builds are strict.
    let warningsOnly = arguments.flag("warnings-only") && !request.configuration.strict
    if let role = arguments.value("role") { request.configuration.roleOverride = IconRole(rawValue: role) }
    if arguments.flag("all-images") { request.configuration.allImages = true }
    request.options = try CommonOptions.measurementOptions(arguments)
    if arguments.value("vector-scale") == nil { request.options.vectorScale = request.configuration.vectorScale }
    if arguments.value("png-scale") == nil { request.options.pngScale = request.configuration.pngScale }
    if arguments.value("idioms") == nil { request.options.idioms = request.configuration.idioms }
    request.options.cache = try CommonOptions.cache(arguments, configuration: request.configuration)
    // An app's folder (an Xcode project, a package, sources beside catalogs): its code says which
    // images are bar icons.
    if paths.count == 1, !arguments.flag("ignore-code"), AppFolder.detect(paths[0]) { request.appCode = AppCode.scan(folder: paths[0]) }
    let result: AuditResult
    do {
      request.baseline = try arguments.value("baseline").map(AuditFrontend.baseline(path:))
      result = try AuditFrontend.run(request)
    } catch {
      return Console.failed(error)
    }
    for diagnostic in result.diagnostics { Console.err("iconaudit: \(diagnostic)") }
    CommonOptions.reportCache(request.options.cache, arguments)
    var report = result.report
    // A build phase's view: an error finding is shown as a warning and fails nothing.
    if warningsOnly {
      report.findings = report.findings.map { finding in
        var shown = finding
        if shown.severity == .error { shown.severity = .warning }
        return shown
      }
    }

    if let path = arguments.value("write-baseline") {
      let count = result.recordedFindings.count
      do {
        try OutputFile.write(result.baselineText, to: path, inputs: kept, replace: replace)
        Console.err("iconaudit: wrote a baseline of \(count) finding\(count == 1 ? "" : "s") to \(path)")
      } catch {
        Console.err("iconaudit: \(error)")
        return .failure
      }
    }
    if result.suppressedByBaseline > 0 { Console.err("iconaudit: \(AuditDiagnostic.suppressedByBaseline(count: result.suppressedByBaseline))") }

    // The parser only accepts the registry's identifiers.
    guard let format = ReportFormats.named(arguments.value("format") ?? TextReportWriter.identifier) else { return .usage }
    let context = ReportContext(
      toolVersion: IconAuditCommand.version, color: arguments.value("output") == nil && Console.stdoutIsTerminal,
      pathPrefix: arguments.value("path-prefix") ?? "", root: AuditFrontend.absoluteRoot(paths[0]),
      configurationDescription: configPath.map { "configuration file " + PathText.lastComponent($0) },
      // The page reads the drawings back; one that cannot be read then is listed on it too.
      lateFailures: { result.lateFailures.map { (path: $0.reportPath, reason: $0.reason) } })
    UntilExit.keep((result, report))
    // Written as it is written out (a JSON report's batches one after the other, never whole).
    guard OutputFile.emit(source: { format.write(report, context: context, to: $0) }, to: arguments.value("output"),
                          inputs: reportInputs, replace: replace) else { return .failure }
    // The HTML report reads the drawings back too.
    let late = result.lateFailures
    for failure in late { Console.err("iconaudit: \(failure)") }
    if warningsOnly { return result.unreadable.isEmpty && late.isEmpty ? .success : .unreadableInput }
    return exitCode(report, failures: result.unreadable + late, strict: arguments.flag("strict") || request.configuration.strict)
  }

  /// 2 when an input was unreadable or no icon was found (a mistyped or moved folder must not pass
  /// a CI gate), else 1 with error findings (or warnings, `--strict`), else 0.
  /// Images read and found not to be bar icons are not "no icon found"; photos and sets of other
  /// idioms alone are (nothing was read: a folder of JPEGs is most likely the wrong folder).
  static func exitCode(_ report: AuditReport, failures: [InputFailure], strict: Bool) -> ExitCode {
    let scope = report.effectiveScope
    if !failures.isEmpty || scope.audited + scope.notAudited.count == 0 { return .unreadableInput }
    let failing = report.findings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    return failing ? .findings : .success
  }
}
