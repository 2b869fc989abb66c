// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The environment of the iconaudit processes the tests start: the test process's own, with
/// `XDG_CACHE_HOME` in a temporary folder of this test run, so that the tests never read or write
/// the user's measurement cache (`~/.cache/iconaudit`). The folder is removed when the test process
/// exits.
public enum ToolEnvironment {
  /// The cache home of this test run.
  public static let cacheHome: String = {
    let path = NSTemporaryDirectory() + "iconaudit-tests-cache-\(getpid())"
    atexit {
      try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "iconaudit-tests-cache-\(getpid())")
    }
    return path
  }()

  /// The environment to give `Process.environment`.
  public static var isolated: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = cacheHome
    return environment
  }
}
