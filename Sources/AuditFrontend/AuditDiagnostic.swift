// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines
import IconRaster
import ReportWriters

/// Something the frontend has to say about an audit's inputs, as a value: the command line prints
/// each one on standard error (`iconaudit: ` and ``description``), a library caller may show or
/// count them. None of them changes the report.
public enum AuditDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// Images under the audited folders of a type iconaudit does not read (a few named as examples).
  case skippedImages(count: Int, types: [String], examples: [String])
  /// Asset catalog sets with nothing to audit, for one reason (``SkippedSet``): photos, idioms not
  /// audited, no file (a few named as examples).
  /// `noun` is "image set", "symbol set", or "set" when both are skipped.
  case skippedSets(count: Int, noun: String, reason: SkippedSetGroup, detail: [String], examples: [String])
  /// A file that could not be read (also in the result's unreadable inputs).
  case unreadable(InputFailure)
  /// No icon and no unreadable file under the PATHs.
  case nothingFound(paths: [String])
  /// A role pattern of the configuration matches no icon's report path (most likely written from
  /// another folder than the audited PATH); `examplePath` is a path it would have to match.
  case rolePatternMatchesNothing(configurationPath: String, pattern: String, examplePath: String)
  /// Findings left out because the baseline records them.
  case suppressedByBaseline(count: Int)
  /// What reading the app's code has to say (a skipped source file, images left out).
  case codeNote(String)

  /// The message, without the `iconaudit: ` the command line puts before it.
  public var description: String {
    switch self {
    case let .skippedImages(count, types, examples):
      let listed = examples.joined(separator: ", ") + (count > examples.count ? ", …" : "")
      return "skipped \(count) image\(count == 1 ? "" : "s") of a type iconaudit does not read "
        + "(\(types.joined(separator: ", "))): \(listed); export icons as PNG, SVG or PDF"
    case let .skippedSets(count, noun, reason, detail, examples):
      let listed = examples.joined(separator: ", ") + (count > examples.count ? ", …" : "")
      let sets = "\(count) \(noun)\(count == 1 ? "" : "s")"
      switch reason {
      case .photos:
        return "skipped \(sets) of photos (\(detail.joined(separator: ", ")); not bar icons): \(listed)"
      case .otherImages:
        return "skipped \(sets) of a type iconaudit does not read (\(detail.joined(separator: ", "))): \(listed); export icons as PNG, SVG or PDF"
      case .otherIdioms:
        return "skipped \(sets) made only for idioms not audited (\(detail.joined(separator: ", ")); --idioms adds them): \(listed)"
      case .noFile:
        return "skipped \(sets) with no image file in any slot: \(listed)"
      }
    case let .unreadable(failure):
      return failure.description
    case let .nothingFound(paths):
      return "no icons found in \(paths.joined(separator: ", ")) (iconaudit reads .png, .svg and .pdf files, and Xcode asset catalogs)"
    case let .rolePatternMatchesNothing(configurationPath, pattern, examplePath):
      return "\(configurationPath): role pattern '\(pattern)' matches no icon "
        + "(patterns match report paths, relative to the audited PATH, such as '\(examplePath)')"
    case let .suppressedByBaseline(count):
      return "\(count) findings in the baseline not reported"
    case let .codeNote(note):
      return "app code: " + note
    }
  }
}

/// The reasons sets are skipped for, one diagnostic each.
public enum SkippedSetGroup: Sendable, Equatable, CaseIterable {
  case photos, otherImages, otherIdioms, noFile
}

extension AuditDiagnostic {
  /// One diagnostic per reason, in the order of ``SkippedSetGroup``, naming the first three sets
  /// (in walking order) and the types or idioms (sorted).
  /// - Complexity: O(n) for n sets.
  static func skippedSets(_ sets: [SkippedSet]) -> [AuditDiagnostic] {
    var grouped: [SkippedSetGroup: (sets: [String], detail: Set<String>)] = [:]
    for set in sets {
      let (group, detail): (SkippedSetGroup, [String])
      switch set.reason {
      case .otherImages(let types): (group, detail) = (set.reason.isPhoto ? .photos : .otherImages, types)
      case .otherIdioms(let idioms): (group, detail) = (.otherIdioms, idioms)
      case .noFile: (group, detail) = (.noFile, [])
      }
      grouped[group, default: ([], [])].sets.append(set.path)
      grouped[group]!.detail.formUnion(detail)
    }
    return SkippedSetGroup.allCases.compactMap { group in
      guard let entry = grouped[group] else { return nil }
      let kinds = Set(entry.sets.map { $0.hasSuffix(".symbolset") ? "symbol set" : $0.hasSuffix(".imageset") ? "image set" : "set" })
      return .skippedSets(count: entry.sets.count, noun: kinds.count == 1 ? kinds.first! : "set", reason: group,
                          detail: entry.detail.sorted(), examples: Array(entry.sets.prefix(3)))
    }
  }
}
