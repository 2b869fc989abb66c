// SPDX-License-Identifier: GPL-3.0-or-later
import AppCodeScan
import Guidelines

/// What to audit and how: the input of ``AuditFrontend/run(_:)``.
public struct AuditRequest: Sendable {
  /// Files and folders to audit (report paths are relative to each).
  public var paths: [String]
  /// The effective configuration (defaults < file < command line).
  public var configuration: AuditConfiguration
  /// The configuration file it came from, named in diagnostics; nil for the defaults.
  public var configurationPath: String?
  /// Reading and measuring; the frontend prepares them for an audit under `configuration`.
  public var options: MeasurementOptions
  /// A folder of system icons to compare against (`resembles_system_icon`).
  public var referencePath: String?
  /// Findings to leave out of the report.
  public var baseline: Baseline?
  /// A release name stored in the report.
  public var label: String?
  /// The bar icon uses of the app's code (``AppCode/scan(folder:limits:)`` of the one PATH): when
  /// set and some resolve to image sets, the families are those the code makes.
  public var appCode: AppCode?
  /// Called with (done, total) while the icons are measured.
  public var progress: (@Sendable (Int, Int) -> Void)?
  /// The images the app's code puts in bars, by icon id (issue 21's scan of the app's code): each
  /// is audited as a bar icon in its role (and family, when given), whatever it looks like.
  public var codeBarIcons: [String: CodeBarIcon] = [:]

  public init(paths: [String], configuration: AuditConfiguration = AuditConfiguration(), configurationPath: String? = nil,
              options: MeasurementOptions = MeasurementOptions(), referencePath: String? = nil, baseline: Baseline? = nil,
              label: String? = nil, appCode: AppCode? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil) {
    self.appCode = appCode
    self.paths = paths
    self.configuration = configuration
    self.configurationPath = configurationPath
    self.options = options
    self.referencePath = referencePath
    self.baseline = baseline
    self.label = label
    self.progress = progress
  }
}
