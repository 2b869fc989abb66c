// SPDX-License-Identifier: GPL-3.0-or-later
import AuditFrontend
import Foundation
import ReportWriters

/// Standard output and error, and whether they are terminals.
enum Console {
  /// Set when writing to standard output failed (a full disk, a closed descriptor): the command then
  /// exits with ``ExitCode/failure`` after saying so once on stderr, rather than trapping
  /// (`FileHandle.write(_: Data)` traps on any write error).
  nonisolated(unsafe) private(set) static var outputFailed = false

  static func out(_ text: String) {
    out(Array(text.utf8))
  }

  static func out(_ bytes: [UInt8]) {
    guard !outputFailed else { return }
    // The loop that waits on a non-blocking pipe (EAGAIN) and retries after a signal (EINTR).
    if !OutputFile.writeAll(STDOUT_FILENO, [bytes]) {
      outputFailed = true
      err("iconaudit: standard output: cannot write (\(String(cString: strerror(errno))))")
    }
  }

  static func err(_ text: String) {
    let line = PlainText.printable(text, keepNewlines: true)
    // write(2), not FileHandle.write (which traps on a full disk or a closed descriptor); a message
    // that cannot be written is lost, never a crash.
    let bytes = Array((line.hasSuffix("\n") ? line : line + "\n").utf8)
    _ = OutputFile.writeAll(STDERR_FILENO, [bytes])
  }

  /// Says why the frontend could not audit (after what it had to say until then) and returns the
  /// exit code: 64 for a usage problem, else 2.
  static func failed(_ failure: AuditFrontend.Failure) -> ExitCode {
    for diagnostic in failure.diagnostics { err("iconaudit: \(diagnostic)") }
    err("iconaudit: \(failure.message)")
    return failure.usage ? .usage : .unreadableInput
  }

  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}

/// Exit codes (README.md, Exit codes): 0 clean; 1 error findings; 2 an input could not be read; 64 usage; 70 the
/// report could not be written (standard output or --output: a full disk, a missing folder).
public enum ExitCode: Int32, Sendable {
  case success = 0
  case findings = 1
  case unreadableInput = 2
  case usage = 64
  case failure = 70
}
