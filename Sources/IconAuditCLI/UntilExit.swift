// SPDX-License-Identifier: GPL-3.0-or-later

/// What a command leaves for the process's exit to free: the iconaudit executable exits right after
/// the command (``IconAuditCommand/main()``), so tearing down a large audit's report, icon by icon,
/// is work nobody waits for (0.015–0.03 s of a warm 10,000-icon audit's CPU). When `run` is called
/// from another program (tests), nothing is kept.
enum UntilExit {
  /// Set by ``IconAuditCommand/main()`` only, before the command runs (one thread).
  nonisolated(unsafe) static var enabled = false
  nonisolated(unsafe) private static var kept: [Any] = []

  /// Keeps `value` alive until the process exits (when ``enabled``); called from the main thread.
  static func keep(_ value: Any) {
    if enabled { kept.append(value) }
  }
}
