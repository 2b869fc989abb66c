// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParsing
import AuditFrontend
import Foundation
import IconMetrics
import IconRaster
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

      Exit codes: 0 every input was read; 2 some input could not be read (the others are still
      measured, and each unreadable file is named on stderr), or no icon was found; 64 usage
      error (also an output file that cannot be used: an input, a folder, a file iconaudit did
      not write without --force); 70 the output could not be written.
      """,
    options: CommonOptions.reading + [
      OptionSpec("format", value: "FORMAT", choices: ["text", "json"], help: "Output format (default text)."),
      OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE instead of standard output (atomically)."),
      OutputFile.forceOption,
    ],
    positionalName: "PATH…", minimumPositionals: 1)

  static func run(_ arguments: ParsedArguments) throws(ArgumentError) -> ExitCode {
    let options = try CommonOptions.measurementOptions(arguments)
    guard OutputFile.checkTargets(arguments, inputs: arguments.positionals) else { return .usage }
    let measurement = AuditFrontend.measure(paths: arguments.positionals, options: options)
    for diagnostic in measurement.diagnostics { Console.err("iconaudit: \(diagnostic)") }
    let (icons, failures) = (measurement.icons, measurement.failures)
    let text: String
    switch arguments.value("format") ?? "text" {
    case "json": text = MeasureOutput.json(icons: icons, failures: failures)
    default: text = MeasureOutput.text(icons: icons)
    }
    guard OutputFile.emit(text, to: arguments.value("output"), inputs: arguments.positionals, replace: arguments.flag("force")) else {
      return .failure
    }
    return failures.isEmpty && !icons.isEmpty ? .success : .unreadableInput
  }
}

/// Options shared by the commands that read icons.
enum CommonOptions {
  static let reading: [OptionSpec] = [
    OptionSpec("vector-scale", value: "N", help: "Pixels per point for SVG and PDF icons (default 2)."),
    OptionSpec("png-scale", value: "N", choices: ["1", "2", "3"],
               help: "Scale of PNGs named without @2x/@3x, outside asset catalogs (default 1: 1 px = 1 pt)."),
    OptionSpec("max-side", value: "PX", help: "Largest image side accepted (default 16384)."),
    OptionSpec("max-pixels", value: "N", help: "Largest width × height accepted (default 67108864)."),
    OptionSpec("max-file-bytes", value: "N", help: "Largest input file read, in bytes (default 67108864)."),
    OptionSpec("max-vector-bytes", value: "N", help: "Largest SVG or PDF file read, in bytes (default 8388608)."),
    OptionSpec("max-analysis-side", value: "PX", help: "Larger icons are measured on a reduced copy of this size (default 1024)."),
    OptionSpec("render-timeout", value: "SECONDS",
               help: "Time limit per SVG/PDF render, in a helper process (default 10; 0 renders in process, unlimited)."),
  ]

  /// The default time limit of one SVG or PDF render, in seconds.
  static let defaultRenderTimeout = 10.0

  /// The hidden command that renders one vector file for `VectorRendering.isolated`.
  static let renderHelperCommand = "__render-vector"

  /// Set by `IconAuditCommand.main` (before any thread starts): this process is the iconaudit
  /// executable, which answers `renderHelperCommand`.
  nonisolated(unsafe) static var executableServesRenderHelper = false

  /// Renders vectors in a helper process (this executable) killed after `timeout` seconds.
  static func isolatedRendering(timeout: Double = defaultRenderTimeout) -> VectorRendering {
    guard timeout > 0, executableServesRenderHelper else { return .inProcess }
    return .isolated(RenderHelper(executable: RenderHelper.currentExecutable, arguments: [renderHelperCommand], timeout: timeout))
  }

  static func measurementOptions(_ arguments: ParsedArguments) throws(ArgumentError) -> MeasurementOptions {
    var options = MeasurementOptions()
    if let scale = try arguments.double("vector-scale", in: 0.25...16) { options.vectorScale = scale }
    if let scale = arguments.value("png-scale").flatMap(Int.init) { options.pngScale = scale }
    if let side = try arguments.double("max-side", in: 1...1_000_000) { options.limits.maxSide = Int(side) }
    if let pixels = try arguments.double("max-pixels", in: 1...1e12) { options.limits.maxPixels = Int(pixels) }
    if let bytes = try arguments.double("max-file-bytes", in: 1...1e12) { options.limits.maxFileBytes = Int(bytes) }
    if let bytes = try arguments.double("max-vector-bytes", in: 1...1e12) { options.limits.maxVectorFileBytes = Int(bytes) }
    if let side = try arguments.double("max-analysis-side", in: 16...16_384) { options.maxAnalysisSide = Int(side) }
    options.vectorRendering = isolatedRendering(timeout: try arguments.double("render-timeout", in: 0...3600) ?? defaultRenderTimeout)
    return options
  }
}

/// The `measure` command's outputs.
public enum MeasureOutput {
  public static func jsonValue(icons: [MeasuredIcon], failures: [InputFailure]) -> JSONValue {
    let encoder = JSONValueEncoder()
    let iconValues: [JSONValue] = icons.map { icon in
      let metrics = (try? encoder.encode(icon.metrics)) ?? .null
      return .object([
        "id": .string(icon.id),
        "path": .string(icon.path),
        "scale": .double(icon.scale),
        "widthPx": .int(icon.widthPx),
        "heightPx": .int(icon.heightPx),
        "metrics": metrics,
      ])
    }
    return .object([
      "schemaVersion": .int(1),
      "tool": .object(["name": .string("iconaudit"), "version": .string(IconAuditCommand.version)]),
      "icons": .array(iconValues),
      "unreadable": .array(failures.map { .object(["path": .string($0.reportPath), "reason": .string($0.reason)]) }),
    ])
  }

  public static func json(icons: [MeasuredIcon], failures: [InputFailure]) -> String {
    jsonValue(icons: icons, failures: failures).serialized()
  }

  public static func text(icons: [MeasuredIcon]) -> String {
    let header = ["icon", "scale", "px", "size pt", "extent pt", "ink pt²", "stroke pt", "detail", "style"]
    var rows: [[String]] = []
    for icon in icons {
      let m = icon.metrics
      rows.append([
        PlainText.field(icon.path), "@\(format(icon.scale, 2))x", "\(icon.widthPx)×\(icon.heightPx)",
        format(m.perceivedSizePt, 2), "\(format(m.extentPt.width, 1))×\(format(m.extentPt.height, 1))",
        format(m.inkAreaPt2, 1), format(m.strokeWeightPt, 2), format(m.detailDensity, 1), m.style.rawValue,
      ])
    }
    return Table.render(header: header, rows: rows, rightAligned: Set(1..<header.count - 1))
      + "\(icons.count) icon\(icons.count == 1 ? "" : "s") measured\n"
  }

  static func format(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "–" }
    return String(format: "%.\(decimals)f", value)
  }
}

/// A plain-text table with padded columns.
enum Table {
  static func render(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
    var widths = header.map(\.count)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { i, cell in
        let pad = String(repeating: " ", count: widths[i] - cell.count)
        return rightAligned.contains(i) ? pad + cell : cell + pad
      }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) + "\n"
    }
    return line(header) + line(widths.map { String(repeating: "-", count: $0) }) + rows.map(line).joined()
  }
}
