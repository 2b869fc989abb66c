// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines

/// A report format of `iconaudit audit` (as SwiftLint's reporters): its name on the command line,
/// its writer, and, as every ``IconauditOutput``, how a file it wrote is recognised.
///
/// A new format is one file (a type conforming to this protocol) and one line in
/// ``ReportFormats/all``: the parser's `--format` choices, the help and the dispatch come from that
/// list; no format falls back to another.
public protocol ReportFormat: IconauditOutput {
  /// The `--format` value (`text`, `json`, …).
  static var identifier: String { get }
  /// The report as UTF-8 bytes, in pieces to be written one after the other (their
  /// concatenation is the file). A pure function of the report and the context.
  static func write(_ report: AuditReport, context: ReportContext) -> [[UInt8]]
  /// ``write(_:context:)``'s pieces handed to `sink` in order (a format may write each just before
  /// it is handed over, never holding the whole text); stops at the first `false` from `sink` and
  /// returns it. By default, the pieces of ``write(_:context:)``.
  static func write(_ report: AuditReport, context: ReportContext, to sink: ([UInt8]) -> Bool) -> Bool
}

extension ReportFormat {
  public static func write(_ report: AuditReport, context: ReportContext, to sink: ([UInt8]) -> Bool) -> Bool {
    for piece in write(report, context: context) where !sink(piece) { return false }
    return true
  }
}

/// What a writer may need besides the report; each format reads only its own fields.
public struct ReportContext: Sendable {
  /// The version written into the report (JSON, SARIF, Markdown, HTML).
  public var toolVersion: String
  /// ANSI colour (the text report on a terminal).
  public var color: Bool
  /// The folder icon paths are under, from the repository root, `/`-terminated or empty (SARIF
  /// and GitHub annotations).
  public var pathPrefix: String
  /// The absolute folder icon paths are relative to (Xcode diagnostics).
  public var root: String
  /// Where the configuration came from, shown on the HTML page.
  public var configurationDescription: String?
  /// Drawings that could not be read back while the HTML page was written (read once it is).
  public var lateFailures: (@Sendable () -> [(path: String, reason: String)])?

  /// - Parameter pathPrefix: a folder; `App/Icons` and `App/Icons/` both put paths under `App/Icons/`.
  public init(toolVersion: String, color: Bool = false, pathPrefix: String = "", root: String = "",
              configurationDescription: String? = nil,
              lateFailures: (@Sendable () -> [(path: String, reason: String)])? = nil) {
    self.toolVersion = toolVersion
    self.color = color
    self.pathPrefix = pathPrefix.isEmpty || pathPrefix.hasSuffix("/") ? pathPrefix : pathPrefix + "/"
    self.root = root
    self.configurationDescription = configurationDescription
    self.lateFailures = lateFailures
  }
}

/// The registry of report formats, in the order the help lists them.
public enum ReportFormats {
  public static let all: [any ReportFormat.Type] = [
    TextReportWriter.self,
    JSONReportWriter.self,
    MarkdownReportWriter.self,
    HTMLReportWriter.self,
    SARIFReportWriter.self,
    GitHubAnnotationWriter.self,
    XcodeDiagnosticsWriter.self,
  ]

  /// The `--format` values, in order.
  public static var identifiers: [String] { all.map { $0.identifier } }

  /// The format named `identifier`, or nil.
  public static func named(_ identifier: String) -> (any ReportFormat.Type)? {
    all.first { $0.identifier == identifier }
  }
}
