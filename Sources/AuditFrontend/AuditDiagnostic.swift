// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines
import ReportWriters

/// Something the frontend has to say about an audit's inputs, as a value: the command line prints
/// each one on standard error (`iconaudit: ` and ``description``), a library caller may show or
/// count them. None of them changes the report.
public enum AuditDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// Images under the audited folders of a type iconaudit does not read (a few named as examples).
  case skippedImages(count: Int, types: [String], examples: [String])
  /// A file that could not be read (also in the result's unreadable inputs).
  case unreadable(InputFailure)
  /// No icon and no unreadable file under the PATHs.
  case nothingFound(paths: [String])
  /// A role pattern of the configuration matches no icon's report path (most likely written from
  /// another folder than the audited PATH); `examplePath` is a path it would have to match.
  case rolePatternMatchesNothing(configurationPath: String, pattern: String, examplePath: String)
  /// Findings left out because the baseline records them.
  case suppressedByBaseline(count: Int)

  /// The message, without the `iconaudit: ` the command line puts before it.
  public var description: String {
    switch self {
    case let .skippedImages(count, types, examples):
      let listed = examples.joined(separator: ", ") + (count > examples.count ? ", …" : "")
      return "skipped \(count) image\(count == 1 ? "" : "s") of a type iconaudit does not read "
        + "(\(types.joined(separator: ", "))): \(listed); export icons as PNG, SVG or PDF"
    case let .unreadable(failure):
      return failure.description
    case let .nothingFound(paths):
      return "no icons found in \(paths.joined(separator: ", ")) (iconaudit reads .png, .svg and .pdf files, and Xcode asset catalogs)"
    case let .rolePatternMatchesNothing(configurationPath, pattern, examplePath):
      return "\(configurationPath): role pattern '\(pattern)' matches no icon "
        + "(patterns match report paths, relative to the audited PATH, such as '\(examplePath)')"
    case let .suppressedByBaseline(count):
      return "\(count) findings in the baseline not reported"
    }
  }
}
