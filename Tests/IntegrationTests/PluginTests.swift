// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The SwiftPM plugins on Tests/PluginFixture, a package that depends on iconaudit by path and
/// whose catalog holds a planted fault (Toolbar/archive has a drop shadow). Slow: the fixture's
/// first build compiles iconaudit again (about 2.5 minutes on 2 cores), in `.build/plugin-fixture`,
/// which later runs reuse. Run by `scripts/test` (ICONAUDIT_INTEGRATION_TESTS=1), skipped by a bare
/// `swift test`.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["ICONAUDIT_INTEGRATION_TESTS"] == "1"))
struct PluginTests {
  let root = ProcessRun.repositoryRoot
  var fixture: String { root + "/Tests/PluginFixture" }
  var catalog: String { fixture + "/Sources/BarIcons/Media.xcassets" }
  var planted: String { catalog + "/Toolbar/archive.imageset/archive@3x.png" }
  var scratch: String { root + "/.build/plugin-fixture" }

  func swift(_ arguments: [String]) throws -> ProcessRun {
    // The audits the plugins run keep their measurement cache in the scratch folder, not the user's.
    try ProcessRun.run(["swift"] + arguments.prefix(1) + ["--package-path", fixture, "--scratch-path", scratch] + arguments.dropFirst(),
                       in: root, environment: ["XDG_CACHE_HOME": scratch + "/xdg-cache"])
  }

  /// Marks the catalog changed (a new modification time), as an edit would.
  func touchCatalog() throws {
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: catalog + "/Toolbar/archive.imageset/Contents.json")
  }

  @Test func buildShowsTheFindingAsAWarningOnceUntilTheCatalogChanges() throws {
    try touchCatalog()
    let first = try swift(["build"])
    #expect(first.status == 0, "\(first.output)")
    #expect(first.output.contains("\(planted): warning: a drop shadow"), "\(first.output)")
    #expect(first.output.contains("[drop_shadow]"))
    // SwiftPM builds the plugin's iconaudit for the host in the same scratch folder as the target's
    // build: after a `swift package` run (another test) or on a fresh clone, the next build may
    // relink that tool once, and a new binary is an input that rightly audits again. One settling
    // build, then nothing may be audited again while nothing changes.
    _ = try swift(["build"])
    let again = try swift(["build"])
    #expect(again.status == 0, "\(again.output)")
    #expect(!again.output.contains("[drop_shadow]"), "an unchanged catalog is not audited again: \(again.output)")
    try touchCatalog()
    let changed = try swift(["build"])
    #expect(changed.output.contains("\(planted): warning: a drop shadow"), "\(changed.output)")
  }

  /// SwiftPM asks the plugin for its commands again only when the package's structure changed
  /// (its manifest, the files of a target): a configuration file created or removed is seen after
  /// that (here: the manifest touched, as the README says). Edits of an existing one are seen at once.
  func touchManifest() throws {
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: fixture + "/Package.swift")
  }

  @Test func strictConfigurationMakesTheFindingAnErrorThatFailsTheBuild() throws {
    let configuration = fixture + "/.iconaudit.json"
    try Data(#"{"version": 1, "strict": false}"#.utf8).write(to: URL(fileURLWithPath: configuration))
    defer {
      try? FileManager.default.removeItem(atPath: configuration)
      try? touchManifest()
    }
    try touchManifest()
    let relaxedFile = try swift(["build"])
    #expect(relaxedFile.status == 0, "\(relaxedFile.output)")
    #expect(relaxedFile.output.contains("\(planted): warning: a drop shadow"), "\(relaxedFile.output)")
    // An edit of the configuration audits again.
    try Data(#"{"version": 1, "strict": true}"#.utf8).write(to: URL(fileURLWithPath: configuration))
    let strict = try swift(["build"])
    #expect(strict.status != 0, "\(strict.output)")
    #expect(strict.output.contains("\(planted): error: a drop shadow"), "\(strict.output)")
    try FileManager.default.removeItem(atPath: configuration)
    try touchManifest()
    let relaxed = try swift(["build"])
    #expect(relaxed.status == 0, "\(relaxed.output)")
    #expect(relaxed.output.contains("\(planted): warning: a drop shadow"), "\(relaxed.output)")
  }

  @Test func commandPluginAuditsTheTargetsCatalogsAndWritesTheReportAsked() throws {
    // Errors fail the command, as `iconaudit audit` exits 1.
    let audit = try swift(["package", "--allow-writing-to-package-directory", "iconaudit", "--format", "xcode"])
    #expect(audit.status != 0)
    #expect(audit.output.contains("\(planted): error: a drop shadow"), "\(audit.output)")
    #expect(audit.output.contains("iconaudit audit exited with status 1"), "\(audit.output)")
    // A report where the user says (relative to the package's folder), for the target named.
    let report = fixture + "/iconaudit-report.md"
    defer { try? FileManager.default.removeItem(atPath: report) }
    let written = try swift(["package", "--allow-writing-to-package-directory", "iconaudit", "--target", "BarIcons",
                             "--format", "markdown", "--output", "iconaudit-report.md"])
    #expect(written.status != 0, "\(written.output)")
    let markdown = try String(contentsOfFile: report, encoding: .utf8)
    #expect(markdown.contains("drop_shadow") && markdown.contains("Toolbar/archive.imageset/archive@3x.png"), "\(markdown)")
    // Without the permission SwiftPM refuses before anything runs.
    let refused = try swift(["package", "iconaudit"])
    #expect(refused.status != 0 && refused.output.contains("--allow-writing-to-package-directory"), "\(refused.output)")
  }
}
