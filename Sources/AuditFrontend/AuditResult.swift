// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines
import ReportWriters

/// What ``AuditFrontend/run(_:)`` returns: the report, the unreadable inputs and the diagnostics.
public struct AuditResult: Sendable {
  /// The report, without the findings the baseline records; its `unreadable` lists ``unreadable``.
  public var report: AuditReport
  /// Every input that could not be read: reference icons, audited files, drawings that could not
  /// be read back for a rule.
  public var unreadable: [InputFailure]
  /// In the order they arose; ``AuditDiagnostic/suppressedByBaseline(count:)`` is not among them
  /// (the command line says it after writing a new baseline): see ``suppressedByBaseline``.
  public var diagnostics: [AuditDiagnostic]
  /// The findings before the baseline left some out: what a new baseline records.
  public var recordedFindings: [Finding]
  /// How many findings the baseline left out.
  public var suppressedByBaseline: Int
  /// Drawings that could not be read back, recorded also after the audit (the HTML page reads the
  /// drawings again): those not in ``unreadable`` are ``lateFailures``.
  public var readBackFailures: ReadBackFailures
  /// The report paths of the drawings that could not be read back during the audit.
  var readBackDuringAudit: Set<String>
  /// The measured icons the report was made from, released with the result rather than at the end
  /// of ``AuditFrontend/run(_:)``: the command line keeps the result until the process exits
  /// (10,000 icons torn down one by one were 0.006 s of a warm audit's CPU).
  var measuredIcons: [MeasuredIcon] = []

  /// What ``AuditFrontend/run(_:)`` wrote into the baseline file of ``recordedFindings``.
  public var baselineText: String { BaselineWriter.write(Baseline(findings: recordedFindings)) }

  /// Drawings that could not be read back after the audit (by a writer), not yet in ``unreadable``.
  public var lateFailures: [InputFailure] {
    readBackFailures.all.filter { failure in !readBackDuringAudit.contains(failure.reportPath) }
  }
}
