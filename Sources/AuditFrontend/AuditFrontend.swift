// SPDX-License-Identifier: GPL-3.0-or-later
import AppCodeScan
import Foundation
import Guidelines
import IconRaster
import IconSupport
import ReportWriters

/// The audit as a library call (as swift-format's `LintFrontend`): a request in, the report, the
/// unreadable inputs and the diagnostics out, nothing printed. `audit`, `measure`, `drift` and
/// `history` all measure and judge through it; the command line parses, calls, prints and picks
/// the exit code.
public enum AuditFrontend {
  /// The version written into reports and snapshots.
  public static let toolVersion = "0.1.0"

  /// Why an audit could not be made (a usage problem: an unusable configuration, reference folder
  /// or snapshot; or an input that cannot be read), with the diagnostics gathered until then.
  public struct Failure: Error, CustomStringConvertible {
    public var message: String
    /// A usage problem (exit code 64 on the command line) rather than an unreadable input (2).
    public var usage: Bool
    public var diagnostics: [AuditDiagnostic]
    public init(message: String, usage: Bool = false, diagnostics: [AuditDiagnostic] = []) {
      self.message = message
      self.usage = usage
      self.diagnostics = diagnostics
    }
    public var description: String { message }
  }

  /// The configuration file at `path`, else the defaults; an unusable file is a usage ``Failure``.
  public static func configuration(path: String?) throws(Failure) -> AuditConfiguration {
    guard let path else { return AuditConfiguration() }
    do {
      return try ConfigurationFile.load(path: path)
    } catch {
      throw Failure(message: error.description, usage: true)
    }
  }

  /// The baseline file at `path`; an unusable file (or a report given as one) is a usage ``Failure``.
  public static func baseline(path: String) throws(Failure) -> Baseline {
    do {
      return try Baseline.load(path: path)
    } catch {
      throw Failure(message: error.description, usage: true)
    }
  }

  /// Measures `paths` without judging (`iconaudit measure`): the icons, the unreadable files, and
  /// the diagnostics (skipped images, each unreadable file, nothing found).
  public static func measure(paths: [String], options: MeasurementOptions,
                             progress: (@Sendable (Int, Int) -> Void)? = nil) -> MeasurementPipeline.Measurement {
    var measurement = MeasurementPipeline.run(paths: paths, options: options, progress: progress)
    measurement.diagnostics += measurement.failures.map(AuditDiagnostic.unreadable)
    if measurement.icons.isEmpty && measurement.failures.isEmpty { measurement.diagnostics.append(.nothingFound(paths: paths)) }
    return measurement
  }

  /// Runs one audit: loads the reference icons, measures the PATHs, judges them as families under
  /// the configuration, then leaves out what the baseline records.
  ///
  /// The request's `options` are prepared for an audit (``MeasurementOptions/prepareForAudit(_:)``):
  /// drawings are read back when a rule compares two, and a drawing that cannot be read back is an
  /// unreadable input (``AuditResult/readBackFailures`` keeps recording for later readers, the HTML
  /// page).
  /// - Throws: a usage ``Failure`` when the reference folder holds no icon.
  public static func run(_ request: AuditRequest) throws(Failure) -> AuditResult {
    let configuration = request.configuration
    var options = request.options
    options.prepareForAudit(configuration)
    var diagnostics: [AuditDiagnostic] = []
    var references: [ReferenceIcon] = []
    var failures: [InputFailure] = []
    if let directory = request.referencePath {
      var referenceOptions = options
      referenceOptions.drawings = .keep
      referenceOptions.textMinimumHeightPx = nil
      let measured = MeasurementPipeline.run(paths: [directory], options: referenceOptions)
      diagnostics += measured.diagnostics
      references = measured.icons.compactMap { icon in icon.mask.map { ReferenceIcon(name: icon.id, mask: $0) } }
      failures += measured.failures.map {
        InputFailure(path: $0.path, reason: $0.reason + " (a --reference input)", reportPath: $0.reportPath)
      }
      if measured.icons.isEmpty && measured.failures.isEmpty {
        throw Failure(message: "--reference \(directory): no reference icons found", usage: true, diagnostics: diagnostics)
      }
    }

    // The app's code: only its bar icons (and what the configuration names) are measured.
    var appBarIcons: (map: BarIconMap, unusedSelected: [String: String])?
    if let code = request.appCode {
      diagnostics += code.notes.map { .codeNote($0) }
      let discovered = IconDiscovery.discoverAll(request.paths, idioms: options.idioms).icons
      let map = BarIconMap(code: code, catalogIds: discovered.map(\.id))
      if map.entries.isEmpty {
        diagnostics.append(.codeNote("no image set of a catalog is put in a bar by the code (\(code.uses.count) uses in \(code.filesScanned) files): every image set is audited by folder"))
      } else {
        let selection = selection(map, discovered: discovered, configuration: configuration)
        options.iconIds = selection.measure
        appBarIcons = (map, selection.unusedSelected)
        let left = discovered.count - selection.measure.count
        if left > 0 { diagnostics.append(.codeNote("\(left) image set\(left == 1 ? "" : "s") not put in a bar by the code left out (name them with a role pattern in the configuration to audit them)")) }
      }
    }
    let rootName = rootFolderName(request.paths)
    // Only bar icons meet the template and family rules (unless every image is asked for); the
    // rest is listed in the summary with the reason. An app's code names its bar icons first.
    var codeBarIcons = request.codeBarIcons
    if let appBarIcons {
      for (id, entry) in appBarIcons.map.entries {
        codeBarIcons[id] = CodeBarIcon(role: IconRole(rawValue: entry.role.rawValue) ?? .unknown, family: entry.family)
      }
      for (id, item) in appBarIcons.unusedSelected { codeBarIcons[id] = codeBarIcons[item] }
    }
    // A history's work folder carries roles and pairing over from its audit before (without app
    // code: the code's roles are the code's).
    let carryOver = codeBarIcons.isEmpty ? options.knownDigests?.carryOver : nil
    carryOver?.begin(configuration: configuration, rootName: rootName)
    // A custom symbol is drawn at the symbol size of the bar its role puts it in.
    let codeIcons = codeBarIcons
    options.symbolSize = { icon in
      if let carryOver { return carryOver.role(ofPath: icon.primaryFile.relativePath).role.symbolSize }
      return role(ofPath: icon.primaryFile.relativePath, configuration: configuration, code: codeIcons[icon.id], rootName: rootName).symbolSize
    }
    // An image left out of the audit whatever its pixels (no role, no code; set rendered as
    // original, an app icon, or a canvas too large for a bar) is measured only for its scope, as
    // `barIcons` below judges it. Not in a history's work folder, whose roles come from its
    // audit before (`carryOver`).
    if !configuration.allImages && carryOver == nil && options.knownDigests == nil && !options.measuresLeftOutImagesWhole {
      let pngScale = options.pngScale
      options.leftOutWhateverItsPixels = { id, path, kind, catalog, widthPx, heightPx, scale in
        let code = codeIcons.isEmpty ? nil : codeIcons[id]
        return BarIconScope.leftOutWhateverItsPixels(
          id: id, catalog: catalog, widthPx: widthPx, heightPx: heightPx, scale: scale,
          role: role(ofPath: path, configuration: configuration, code: code, rootName: rootName), code: code,
          sizeKnown: BarIconScope.sizeKnown(catalog: catalog, kind: kind, path: path, pngScale: pngScale))
      }
    }
    // Flushed once the rules have run: their results go into the run's one pack.
    options.defersCacheFlush = true
    let measured = MeasurementPipeline.run(paths: request.paths, options: options, progress: request.progress)
    diagnostics += measured.diagnostics
    failures += measured.failures
    diagnostics += failures.map(AuditDiagnostic.unreadable)
    if measured.icons.isEmpty && failures.isEmpty { diagnostics.append(.nothingFound(paths: request.paths)) }

    let (kept, judgedOut) = barIcons(measured.icons, configuration: configuration, codeBarIcons: codeBarIcons,
                                     pngScale: options.pngScale, rootName: rootName, carryOver: carryOver)
    var icons = appBarIcons.map { appCodeIcons(kept, map: $0.map, unusedSelected: $0.unusedSelected, configuration: configuration, rootName: rootName) }
      ?? auditIcons(kept, configuration: configuration, rootName: rootName, codeBarIcons: request.codeBarIcons, carryOver: carryOver)
    var folderNotes: [AuditScope.FolderNote] = []
    if !configuration.allImages {
      (icons, folderNotes) = CanvasFamilies.split(icons) { name in name.isEmpty ? (rootName ?? "(top level)") : name }
    }
    // A role pattern that matches no icon is most likely written from another folder than the
    // audited PATH: say so, with a path it would have to match.
    if configuration.roleOverride == nil, let configurationPath = request.configurationPath, let example = icons.first?.path {
      for pattern in configuration.roles where !icons.contains(where: { Glob.matches(pattern.pattern, $0.path) }) {
        diagnostics.append(.rolePatternMatchesNothing(configurationPath: configurationPath, pattern: pattern.pattern, examplePath: example))
      }
    }
    // A whole repository (images were left out as not bar icons): a folder of icons kept only by
    // their look is not a family drawn to be seen together; its icons get the single-icon rules.
    var ruleConfiguration = configuration
    ruleConfiguration.familyRulesNeedRole = !judgedOut.isEmpty
    var report = Auditor.audit(icons, configuration: ruleConfiguration, references: references, label: request.label,
                               results: options.cache)
    // A history's audits (in its work folders) leave the flush to the history: one pack a run.
    if options.knownDigests == nil { options.cache?.flush() }
    report.rootName = rootName
    if let appBarIcons { report.barIconsInCode = barIconRows(appBarIcons.map) }
    // A drawing a rule could not read back (its file changed or went away meanwhile) is unreadable.
    let readBack = options.readBackFailures.all
    diagnostics += readBack.map(AuditDiagnostic.unreadable)
    failures += readBack
    report.unreadable = failures.map { ($0.reportPath, $0.reason) }
    report.scope = AuditScope(
      imagesFound: icons.count + judgedOut.count + measured.skipped.count + failures.count, audited: icons.count,
      leftOut: judgedOut + measured.skipped, unreadable: failures.count, folderNotes: folderNotes,
      allImages: configuration.allImages)

    let recorded = report.findings
    var suppressed = 0
    if let baseline = request.baseline {
      (report.findings, suppressed) = baseline.filter(report.findings)
    }
    return AuditResult(report: report, unreadable: failures, diagnostics: diagnostics, recordedFindings: recorded,
                       suppressedByBaseline: suppressed, readBackFailures: options.readBackFailures,
                       readBackDuringAudit: Set(readBack.map(\.reportPath)), measuredIcons: measured.icons)
  }

  /// The measured icons as the rules see them: each folder a family (or the family the app's code
  /// gives), roles from the configuration (`--role`, then role patterns), the app's code, then
  /// folder names (and the audited folder's own name), selected states paired with their items.
  public static func auditIcons(_ measured: [MeasuredIcon], configuration: AuditConfiguration, rootName: String?,
                                codeBarIcons: [String: CodeBarIcon] = [:]) -> [AuditIcon] {
    auditIcons(measured, configuration: configuration, rootName: rootName, codeBarIcons: codeBarIcons, carryOver: nil)
  }

  /// As ``auditIcons(_:configuration:rootName:codeBarIcons:)``, with the roles and pairing of a
  /// history's audit before in the same work folder (``AuditCarryOver``, begun under
  /// `configuration` and `rootName`; only without app code).
  static func auditIcons(_ measured: [MeasuredIcon], configuration: AuditConfiguration, rootName: String?,
                         codeBarIcons: [String: CodeBarIcon], carryOver: AuditCarryOver?) -> [AuditIcon] {
    if let carryOver, codeBarIcons.isEmpty {
      // Roles known: a lookup an icon, not worth the threads.
      return carryOver.pair(measured.map { icon in
        icon.auditIcon(family: PathText.parent(icon.id), role: carryOver.role(ofPath: icon.path).role)
      }, suffixes: configuration.selectedSuffixes)
    }
    // On all cores: matching the role patterns and folder names is string work for every icon.
    return StatePairing.assign(measured.parallelMap { icon in
      let code = codeBarIcons[icon.id]
      return icon.auditIcon(family: code?.family ?? PathText.parent(icon.id),
                            role: role(of: icon, configuration: configuration, code: code, rootName: rootName))
    }, suffixes: configuration.selectedSuffixes)
  }

  /// An icon's role: `--role`, a role pattern, the app's code, then folder names.
  static func role(of icon: MeasuredIcon, configuration: AuditConfiguration, code: CodeBarIcon?, rootName: String?) -> IconRole {
    role(ofPath: icon.path, configuration: configuration, code: code, rootName: rootName)
  }

  /// The role of the icon whose analysed file is `path` (relative to the audited root), as
  /// ``role(of:configuration:code:rootName:)``.
  static func role(ofPath path: String, configuration: AuditConfiguration, code: CodeBarIcon?, rootName: String?) -> IconRole {
    if let code, configuration.roleOverride == nil, !configuration.roles.contains(where: { Glob.matches($0.pattern, path) }) {
      return code.role
    }
    return configuration.role(forRelativePath: path, rootName: rootName)
  }

  /// The measured images split into bar icons (kept, in order) and the others with the reason
  /// (``BarIconScope``); every image is kept under `allImages`.
  /// - Complexity: O(n) judgements for n images.
  /// - Parameter carryOver: the roles of a history's audit before in the same work folder (begun
  ///   under `configuration` and `rootName`), used for icons the app's code does not name.
  public static func barIcons(_ measured: [MeasuredIcon], configuration: AuditConfiguration,
                              codeBarIcons: [String: CodeBarIcon] = [:], pngScale: Int = 1,
                              rootName: String?) -> (kept: [MeasuredIcon], leftOut: [AuditScope.LeftOut]) {
    barIcons(measured, configuration: configuration, codeBarIcons: codeBarIcons, pngScale: pngScale, rootName: rootName,
             carryOver: nil)
  }

  static func barIcons(_ measured: [MeasuredIcon], configuration: AuditConfiguration,
                       codeBarIcons: [String: CodeBarIcon], pngScale: Int,
                       rootName: String?, carryOver: AuditCarryOver?) -> (kept: [MeasuredIcon], leftOut: [AuditScope.LeftOut]) {
    guard !configuration.allImages else { return (measured, []) }
    let limits = BarIconScope.Limits(
      maximumSpread: configuration.threshold(.maximumSpread, of: TemplateNotMonochromeRule.self),
      opaqueShare: configuration.threshold(.maximumShare, of: TemplateOpaqueBackgroundRule.self))
    let inColour = BarIconScope.foldersInColour(measured, maximumSpread: limits.maximumSpread)
    var kept: [MeasuredIcon] = []
    var leftOut: [AuditScope.LeftOut] = []
    for icon in measured {
      let code = codeBarIcons[icon.id]
      let declared: Bool, role: IconRole
      if let carryOver, code == nil {
        (role, declared) = { ($0.role, $0.declared) }(carryOver.role(ofPath: icon.path))
      } else {
        declared = configuration.roleOverride != nil || configuration.roles.contains { Glob.matches($0.pattern, icon.path) }
        role = Self.role(of: icon, configuration: configuration, code: code, rootName: rootName)
      }
      let verdict = BarIconScope.judge(
        icon, role: role, roleSource: role == .unknown ? .none : declared ? .declared : .folderName, code: code,
        limits: limits, sizeKnown: BarIconScope.sizeKnown(icon, pngScale: pngScale),
        folderInColour: inColour.contains(PathText.parent(icon.id)))
      switch verdict {
      case .barIcon: kept.append(icon)
      case .leftOut(let reason, let detail): leftOut.append(AuditScope.LeftOut(path: icon.path, reason: reason, detail: detail))
      }
    }
    return (kept, leftOut)
  }

  /// The audited folder's own name when the one PATH is a folder (report paths are relative to it,
  /// so its name, `TabBar` say, is not in them; it still tells the icons' role), or the folder of the
  /// PATHs when they are all files in one folder (`TabBar/*.png`), else nil.
  public static func rootFolderName(_ paths: [String]) -> String? {
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
  public static func absoluteRoot(_ path: String) -> String {
    var isDirectory: ObjCBool = false
    let url = URL(fileURLWithPath: path).standardizedFileURL
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue { return url.path }
    return PathText.parent(url.path)
  }
}

extension MeasurementOptions {
  /// Options of an audit under `configuration`: drawings read back when two are compared, text
  /// looked for while each drawing is at hand.
  public mutating func prepareForAudit(_ configuration: AuditConfiguration) {
    drawings = .reload
    textMinimumHeightPx = configuration.textMinimumHeightPx
  }
}
