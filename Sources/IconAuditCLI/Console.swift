// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Standard output and error, and whether they are terminals.
enum Console {
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  static func err(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
  }

  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}

/// Exit codes (DESIGN.md): 0 clean; 1 error findings; 2 an input could not be read; 64 usage.
public enum ExitCode: Int32, Sendable {
  case success = 0
  case findings = 1
  case unreadableInput = 2
  case usage = 64
  case failure = 70
}
