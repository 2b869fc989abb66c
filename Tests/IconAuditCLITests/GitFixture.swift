// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Runs `git -C dir args…` for the tests that build a repository (drift and history across
/// revisions), records an issue when git fails, and returns its standard output.
@discardableResult
func git(_ args: [String], in dir: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["git", "-C", dir] + args
  let out = Pipe()
  process.standardOutput = out
  process.standardError = Pipe()
  try process.run()
  let data = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "git \(args)")
  return String(decoding: data, as: UTF8.self)
}
