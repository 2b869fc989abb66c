// SPDX-License-Identifier: GPL-3.0-or-later

/// A kind of file iconaudit writes (a report format, measurements, drift, history, a baseline),
/// with the marks that tell such a file from one the user owns (``OutputRecognition``). A file that
/// merely mentions iconaudit (a README, a CI workflow, a package.json) must not match.
/// `SendableMetatype`: the registries (``ReportFormats/all``, `OtherOutputs.all`) are global
/// constants of metatypes, which Swift 6 accepts only when the metatypes are `Sendable`.
public protocol IconauditOutput: SendableMetatype {
  /// For a JSON output: sets of byte strings (as written, two-space indentation), a file holding
  /// every string of one set being this output. Empty for other outputs.
  static var jsonMarks: [[String]] { get }
  /// For an output that is not JSON: whether the sample of a file is this output.
  static func recognizes(_ sample: OutputSample) -> Bool
}

extension IconauditOutput {
  public static var jsonMarks: [[String]] { [] }
  public static func recognizes(_ sample: OutputSample) -> Bool { false }
}

/// The start and end of an existing file that is not JSON, as ``IconauditOutput/recognizes(_:)``
/// sees it: up to 16 KiB from each end.
public struct OutputSample: Sendable {
  public enum Kind: Sendable { case html, text }
  /// HTML (the head starts with a doctype or `<html`), else text.
  public var kind: Kind
  /// The first 16 KiB, decoded as UTF-8.
  public var head: String
  public var firstLine: Substring
  public var secondLine: Substring
  /// The last non-empty line of the file's last 16 KiB.
  public var lastLine: Substring
  /// Every whole non-empty line of the head and of the tail (a line cut by either window is left out).
  public var completeLines: [Substring]
}

/// The iconaudit outputs that are not report formats of `audit`: each recognised by its own marks.
enum OtherOutputs {
  static let all: [any IconauditOutput.Type] = [
    MeasureWriter.self, DriftWriter.self, HistoryWriter.self, BaselineWriter.self,
  ]
}
