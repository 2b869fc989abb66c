// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// scripts/xcode-build-phase, run as Xcode runs a Run Script phase (SRCROOT, DERIVED_FILE_DIR,
/// SCRIPT_OUTPUT_FILE_0 set; the debug build's iconaudit on PATH), on a copy of the plugin
/// fixture's catalog (Toolbar/archive has a drop shadow). Run by `scripts/test`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["ICONAUDIT_INTEGRATION_TESTS"] == "1"))
struct XcodeBuildPhaseTests {
  let root = ProcessRun.repositoryRoot

  @Test func warningsByDefaultErrorsThatFailWhenStrictAndAWarningWithoutIconaudit() throws {
    let project = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-phase-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: project) }
    try FileManager.default.createDirectory(atPath: project + "/App", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: root + "/Tests/PluginFixture/Sources/BarIcons/Media.xcassets",
                                     toPath: project + "/App/Assets.xcassets")
    let report = project + "/DerivedSources/iconaudit.txt"
    let phase = root + "/scripts/xcode-build-phase"
    let planted = project + "/App/Assets.xcassets/Toolbar/archive.imageset/archive@3x.png"
    func run(_ arguments: [String], path: String) throws -> ProcessRun {
      try ProcessRun.run([phase] + arguments, in: project, environment: [
        "SRCROOT": project, "DERIVED_FILE_DIR": project + "/DerivedSources", "SCRIPT_OUTPUT_FILE_0": report, "PATH": path,
        "XDG_CACHE_HOME": project + "/cache",
      ])
    }
    let withTool = root + "/.build/debug:/usr/bin:/bin"

    #expect(try run(["App/Assets.xcassets", "--write-inputs"], path: withTool).status == 0)
    let inputs = try String(contentsOfFile: project + "/iconaudit-inputs.xcfilelist", encoding: .utf8)
    #expect(inputs.contains("$(SRCROOT)/App/Assets.xcassets/Toolbar/archive.imageset/archive@3x.png\n"), "\(inputs)")

    let relaxed = try run(["App/Assets.xcassets"], path: withTool)
    #expect(relaxed.status == 0, "\(relaxed.output)")
    #expect(relaxed.output.contains("\(planted): warning: a drop shadow") && !relaxed.output.contains("out of date"), "\(relaxed.output)")
    #expect(FileManager.default.fileExists(atPath: report), "the output file Xcode compares with the inputs")

    try Data(#"{"version": 1, "strict": true}"#.utf8).write(to: URL(fileURLWithPath: project + "/.iconaudit.json"))
    let strict = try run(["App/Assets.xcassets"], path: withTool)
    #expect(strict.status == 1, "\(strict.output)")
    #expect(strict.output.contains("\(planted): error: a drop shadow"), "\(strict.output)")
    #expect(strict.output.contains("iconaudit-inputs.xcfilelist:1: warning: out of date"), "the new configuration is an input: \(strict.output)")
    #expect(!FileManager.default.fileExists(atPath: report), "a failed phase runs again")

    let missing = try run(["App/Assets.xcassets"], path: "/usr/bin:/bin")
    #expect(missing.status == 0 && missing.output.hasPrefix("warning: iconaudit is not installed"), "\(missing.output)")
  }
}
