// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParsing
import AuditFrontend
import Foundation
import Guidelines
import IconRaster
import IconSupport
import ReportWriters

/// `iconaudit measure PATH…`: the metrics of each icon, no rules.
enum MeasureCommand {
  static let spec = CommandSpec(
    name: "iconaudit measure",
    abstract: "Measure each icon (size, stroke, detail, hygiene); no rules.",
    discussion: """
      PATH is a PNG, SVG or PDF file or a folder (searched recursively). name.png, name@2x.png and
      name@3x.png are one icon; the largest scale is measured. Lengths are in points (px / scale).
      With several PATHs, paths start with each PATH's last path component (more when two end alike).

      Configuration: --config FILE, else the nearest .iconaudit.json in the first PATH's folder or
      above; measure reads what changes the measuring (vectorScale, pngScale, idioms) and the
      cache's settings (cache, cacheDirectory); options given on the command line win.

      Exit codes: 0 every input was read; 2 a PATH does not exist (nothing is measured), some
      input could not be read (the others are still measured, and each unreadable file is named
      on stderr), or no image was found; 64 usage
      error (also an output file that cannot be used: an input, a folder, a file iconaudit did
      not write without --force); 70 the output could not be written.
      """,
    options: CommonOptions.reading + [
      OptionSpec("config", value: "FILE", help: "Configuration file (default: nearest .iconaudit.json)."),
      OptionSpec("format", value: "FORMAT", choices: MeasureFormat.allCases.map(\.rawValue), help: "Output format (default text)."),
      OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE instead of standard output (atomically)."),
      OutputFile.forceOption,
    ],
    positionalName: "PATH…", minimumPositionals: 1)

  static func run(_ arguments: ParsedArguments) throws(ArgumentError) -> ExitCode {
    guard CommonOptions.pathsExist(arguments.positionals) else { return .unreadableInput }
    let configPath = arguments.value("config") ?? ConfigurationFile.find(from: arguments.positionals[0])
    guard OutputFile.checkTargets(arguments, inputs: arguments.positionals + [configPath].compactMap { $0 }) else { return .usage }
    // Configuration: defaults < file < command line, as for audit (its measuring and cache settings).
    let configuration: AuditConfiguration
    do {
      configuration = try AuditFrontend.configuration(path: configPath)
    } catch {
      return Console.failed(error)
    }
    var options = try CommonOptions.measurementOptions(arguments)
    if arguments.value("vector-scale") == nil { options.vectorScale = configuration.vectorScale }
    if arguments.value("png-scale") == nil { options.pngScale = configuration.pngScale }
    if arguments.value("idioms") == nil { options.idioms = configuration.idioms }
    options.cache = try CommonOptions.cache(arguments, configuration: configuration)
    let measurement = AuditFrontend.measure(paths: arguments.positionals, options: options)
    CommonOptions.reportCache(options.cache, arguments)
    for diagnostic in measurement.diagnostics { Console.err("iconaudit: \(diagnostic)") }
    let text: String
    switch MeasureFormat(rawValue: arguments.value("format") ?? MeasureFormat.text.rawValue) {
    case .json: text = MeasureWriter.json(measurement.report, toolVersion: IconAuditCommand.version)
    case .text: text = MeasureWriter.text(measurement.report)
    case nil: return .usage  // the parser only accepts MeasureFormat's values
    }
    guard OutputFile.emit(text, to: arguments.value("output"), inputs: arguments.positionals, replace: arguments.flag("force")) else {
      return .failure
    }
    return measurement.failures.isEmpty && !measurement.icons.isEmpty ? .success : .unreadableInput
  }
}

/// `measure`'s output formats.
enum MeasureFormat: String, CaseIterable {
  case text, json
}

/// Options shared by the commands that read icons.
enum CommonOptions {
  static let reading: [OptionSpec] = [
    OptionSpec("vector-scale", value: "N", help: "Pixels per point for SVG and PDF icons (default 2)."),
    OptionSpec("png-scale", value: "N", choices: ["1", "2", "3"],
               help: "Scale of PNGs named without @2x/@3x, outside asset catalogs (default 1: 1 px = 1 pt)."),
    OptionSpec("idioms", value: "LIST",
               help: "Asset catalog idioms audited, comma-separated, or all (default universal,iphone,ipad)."),
    OptionSpec("max-side", value: "PX", help: "Largest image side accepted (default 16384)."),
    OptionSpec("max-pixels", value: "N", help: "Largest width × height accepted (default 67108864)."),
    OptionSpec("max-file-bytes", value: "N", help: "Largest input file read, in bytes (default 67108864)."),
    OptionSpec("max-vector-bytes", value: "N", help: "Largest SVG or PDF file read, in bytes (default 8388608)."),
    OptionSpec("max-analysis-side", value: "PX", help: "Larger icons are measured on a reduced copy of this size (default 1024)."),
    OptionSpec("render-timeout", value: "SECONDS",
               help: "Time limit per SVG/PDF render, in a helper process (default 10; 0 renders in process, unlimited)."),
  ] + caching

  /// Names each PATH that does not exist on stderr ("iconaudit: PATH: no such file or directory",
  /// as `drift` and `history` do) and returns false when there is one, so that a mistyped PATH
  /// fails before anything is read or written (exit 2), rather than being counted among the
  /// images found as an unreadable one. A dangling symbolic link is missing too.
  /// A file named on the command line that is not an image iconaudit reads (`notes.txt`) is told
  /// the same way: nothing audited, rather than "1 image found, 1 unreadable" (inside a folder,
  /// such files are skipped and listed in the summary).
  static func pathsExist(_ paths: [String]) -> Bool {
    var ok = true
    for path in paths {
      var isDirectory: ObjCBool = false
      if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        Console.err("iconaudit: \(path): no such file or directory")
        ok = false
      } else if !isDirectory.boolValue && IconDiscovery.parse(fileName: PathText.lastComponent(path)) == nil {
        Console.err("iconaudit: \(path): not an image iconaudit reads (a .png, .svg or .pdf file, an asset catalog or a folder)")
        ok = false
      }
    }
    return ok
  }

  /// The measurement cache's options (audit, measure, drift, history).
  static let caching: [OptionSpec] = [
    OptionSpec("cache-dir", value: "DIR",
               help: "Measurement cache (default $XDG_CACHE_HOME/iconaudit, else ~/.cache/iconaudit)."),
    OptionSpec("no-cache", help: "Measure every icon; neither read nor write the measurement cache."),
    OptionSpec("cache-max-mb", value: "MB", help: "Size limit of the measurement cache, oldest entries evicted (default 256)."),
    OptionSpec("verbose", short: "v", help: "Say what the measurement cache did (hits, entries written, ignored)."),
  ]

  /// The default time limit of one SVG or PDF render, in seconds.
  static let defaultRenderTimeout = 10.0

  /// The hidden command that renders one vector file for `VectorRendering.isolated`.
  static let renderHelperCommand = "__render-vector"

  /// The hidden command that serves vector renders one after the other (`RenderHelper.serveRequests`).
  static let renderServerCommand = "__render-vectors"

  /// Set by `IconAuditCommand.main` (before any thread starts): this process is the iconaudit
  /// executable, which answers `renderHelperCommand`.
  nonisolated(unsafe) static var executableServesRenderHelper = false

  /// Renders vectors in a helper process (this executable) killed after `timeout` seconds.
  static func isolatedRendering(timeout: Double = defaultRenderTimeout) -> VectorRendering {
    guard timeout > 0, executableServesRenderHelper else { return .inProcess }
    return .isolated(RenderHelper(executable: RenderHelper.currentExecutable, arguments: [renderHelperCommand], timeout: timeout,
                                  serverArguments: [renderServerCommand]))
  }

  /// The measurement cache of a command: `--no-cache`, else `--cache-dir`, else the configuration's
  /// `"cache"` and `"cacheDirectory"`, else the per-user default; nil: nothing cached.
  static func cache(_ arguments: ParsedArguments, configuration: AuditConfiguration? = nil,
                    memo: Bool = false) throws(ArgumentError) -> MeasurementCache? {
    if arguments.flag("no-cache") { return nil }
    let megabytes = try arguments.double("cache-max-mb", in: 0.01...1_048_576)
    let limit = megabytes.map { Int($0 * 1_048_576) } ?? MeasurementCache.defaultSizeLimitBytes
    if let directory = arguments.value("cache-dir") { return MeasurementCache(directory: directory, sizeLimitBytes: limit, memo: memo) }
    if configuration?.cacheEnabled == false { return nil }
    guard let directory = configuration?.cacheDirectory ?? MeasurementCache.defaultDirectory() else { return nil }
    return MeasurementCache(directory: directory, sizeLimitBytes: limit, memo: memo)
  }

  /// `--verbose`: what the cache did, on standard error.
  static func reportCache(_ cache: MeasurementCache?, _ arguments: ParsedArguments) {
    guard arguments.flag("verbose") else { return }
    guard let cache else {
      Console.err("iconaudit: measurement cache: off")
      return
    }
    let s = cache.stats
    Console.err("iconaudit: measurement cache \(cache.directory): \(s.hits) icon\(s.hits == 1 ? "" : "s") read from it, \(s.misses) measured; "
                + "\(s.written) entr\(s.written == 1 ? "y" : "ies") written, \(s.ignored) ignored (truncated, corrupt or foreign: measured again and rewritten), "
                + "\(s.notWritten) not written (directory read-only, full or missing), \(s.evicted) evicted; "
                + "\(s.knownByStat) file\(s.knownByStat == 1 ? "" : "s") known by their stat (not read); "
                + "\(s.ruleResultsRead) rule result\(s.ruleResultsRead == 1 ? "" : "s") (drawings compared) read from it, \(s.ruleResultsWritten) written")
  }

  static func measurementOptions(_ arguments: ParsedArguments) throws(ArgumentError) -> MeasurementOptions {
    var options = MeasurementOptions()
    if let scale = try arguments.double("vector-scale", in: 0.25...16) { options.vectorScale = scale }
    if let scale = arguments.value("png-scale").flatMap(Int.init) { options.pngScale = scale }
    if let list = arguments.value("idioms") {
      switch AuditConfiguration.idioms(list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)) {
      case .success(let idioms): options.idioms = idioms
      case .failure: throw .invalidValue(option: "idioms", value: list,
                                         expected: "idioms from \(AssetCatalog.knownIdioms.joined(separator: ", ")), or all, comma-separated")
      }
    }
    if let side = try arguments.double("max-side", in: 1...1_000_000) { options.limits.maxSide = Int(side) }
    if let pixels = try arguments.double("max-pixels", in: 1...1e12) { options.limits.maxPixels = Int(pixels) }
    if let bytes = try arguments.double("max-file-bytes", in: 1...1e12) { options.limits.maxFileBytes = Int(bytes) }
    if let bytes = try arguments.double("max-vector-bytes", in: 1...1e12) { options.limits.maxVectorFileBytes = Int(bytes) }
    if let side = try arguments.double("max-analysis-side", in: 16...16_384) { options.maxAnalysisSide = Int(side) }
    options.vectorRendering = isolatedRendering(timeout: try arguments.double("render-timeout", in: 0...3600) ?? defaultRenderTimeout)
    return options
  }
}
