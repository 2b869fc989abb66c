// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A progress bar on standard error while a large set is measured: only on a terminal, never in
/// files or pipes, and only for sets large enough to take a moment.
final class ProgressBar: @unchecked Sendable {
  static let minimumIcons = 200
  private let lock = NSLock()
  private var lastDrawn = -1

  /// A progress callback, or nil when standard error is not a terminal.
  static func forStandardError() -> (@Sendable (Int, Int) -> Void)? {
    guard Console.stderrIsTerminal, ProcessInfo.processInfo.environment["CI"] == nil else { return nil }
    let bar = ProgressBar()
    return { done, total in bar.update(done, total) }
  }

  func update(_ done: Int, _ total: Int) {
    guard total >= Self.minimumIcons else { return }
    let width = 30
    let filled = total == 0 ? width : done * width / total
    lock.lock()
    defer { lock.unlock() }
    let percent = total == 0 ? 100 : done * 100 / total
    guard percent != lastDrawn || done == total else { return }
    lastDrawn = percent
    var line = "\r[" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled) + "] \(done)/\(total) icons"
    if done == total { line = "\r" + String(repeating: " ", count: line.count) + "\r" }
    FileHandle.standardError.write(Data(line.utf8))
  }
}
