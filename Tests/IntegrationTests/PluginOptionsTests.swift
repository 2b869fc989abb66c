// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `swift package iconaudit` tells PATHs from option values by the list of `iconaudit audit`'s
/// options that take a value (Plugins/IconAuditPlugin): the list must name every one of them.
/// Fast: one `iconaudit audit --help`.
struct PluginOptionsTests {
  @Test func theCommandPluginKnowsEveryAuditOptionThatTakesAValue() throws {
    let root = ProcessRun.repositoryRoot
    let help = try ProcessRun.run([root + "/.build/debug/iconaudit", "audit", "--help"], in: root).output
    let valued = help.split(separator: "\n").compactMap { line -> String? in
      guard let match = line.firstMatch(of: #/^\s+(?:-o, )?(--[a-z-]+) [A-Z]+\b/#) else { return nil }
      return String(match.1)
    }
    #expect(valued.count >= 20, "\(help)")
    let plugin = try String(contentsOfFile: root + "/Plugins/IconAuditPlugin/IconAuditPlugin.swift", encoding: .utf8)
    for option in valued { #expect(plugin.contains("\"\(option)\""), "Plugins/IconAuditPlugin does not list \(option)") }
  }
}
