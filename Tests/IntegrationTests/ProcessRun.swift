// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A program run to its end: exit status and what it printed (standard output and error
/// together, in the order written, as a build log shows them).
struct ProcessRun {
  var status: Int32
  var output: String

  /// Runs `arguments[0]` (looked up on PATH) in `folder` with `environment` added to this
  /// process's environment.
  static func run(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> ProcessRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }

  /// The repository's root folder (this file is Tests/IntegrationTests/ProcessRun.swift).
  static let repositoryRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}
