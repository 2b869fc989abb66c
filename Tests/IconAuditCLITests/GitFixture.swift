// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Runs `git -C dir args…` for the tests that build a repository (drift and history across
/// revisions), records an issue when git fails, and returns its standard output.
@discardableResult
func git(_ args: [String], in dir: String) throws -> String {
  String(decoding: try gitBytes(args, in: dir), as: UTF8.self)
}

/// ``git(_:in:)``'s standard output as bytes (a blob's contents, compared byte for byte).
func gitBytes(_ args: [String], in dir: String) throws -> [UInt8] {
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
  return Array(data)
}
