// SPDX-License-Identifier: GPL-3.0-or-later
import IconSupport
import AppCodeScan
import AuditFrontend
import Foundation
import Guidelines
import IconRaster
import ReportWriters
import Testing

/// A small app folder (a package with a storyboard, Swift, Objective-C and SwiftUI) audited as
/// its code uses its images.
struct AppCodeEndToEndTests {
  func makeApp() throws -> String {
    let root = try makeTemporaryFolder("appcode")
    try write(Array("// swift-tools-version:6.0\n".utf8), "\(root)/Package.swift")
    let assets = "\(root)/App/Assets.xcassets"
    func set(_ path: String, _ index: Int, filled: Bool = false) throws {
      let group = PathText.parent(path), name = PathText.lastComponent(path)
      try writeImageSet("\(assets)/\(group)", name, images: [("\(name)@2x.png", "2x")],
                        files: ["\(name)@2x.png": tabGlyph(index, scale: 2, filled: filled)])
    }
    try set("Icons/home", 0)
    try set("Icons/moon", 0, filled: true)        // home's selected image, by the storyboard
    try set("Icons/home-selected", 0, filled: true)  // named like it, used by no code
    try set("Icons/inbox", 1)
    try set("Icons/profileTab", 2)
    try set("Art/onboarding_hero", 3)          // not a bar icon
    try write(Array("""
      <document><scenes><scene sceneID="s1"><objects><viewController id="v" customClass="HomeViewController">
        <tabBarItem key="tabBarItem" title="Home" image="home" selectedImage="moon" id="t"/>
      </viewController></objects></scene></scenes></document>
      """.utf8), "\(root)/App/Main.storyboard")
    try write(Array("""
      final class Tabs {
        func setUp() {
          inbox.tabBarItem = UITabBarItem(title: "Inbox", image: UIImage(named: "inbox"), tag: 1)
          profile.tabBarItem = UITabBarItem(title: "Me", image: UIImage(resource: .profileTab), tag: 2)
          banner.image = UIImage(named: "inbox")
          hero.image = UIImage(named: "onboarding_hero")
        }
      }
      """.utf8), "\(root)/App/Tabs.swift")
    return root
  }

  @Test func auditsTheFamiliesTheCodeMakes() throws {
    let root = try makeApp()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(AppFolder.detect(root))
    #expect(!AppFolder.detect("\(root)/App/Assets.xcassets"))
    let result = try AuditFrontend.run(AuditRequest(paths: [root], appCode: AppCode.scan(folder: root)))
    let report = result.report
    let byName = Dictionary(uniqueKeysWithValues: report.icons.map { (PathText.lastComponent($0.id), $0) })
    // The onboarding art stays out; the rest is the app's tab bar family.
    #expect(Set(byName.keys) == ["home", "moon", "home-selected", "inbox", "profileTab"])
    #expect(report.icons.allSatisfy { $0.family == "TabBar" && $0.role == .tabBar })
    // The storyboard's selected image, whatever its name; the -selected set no code uses is not paired.
    #expect(byName["moon"]?.state == .selected)
    #expect(byName["moon"]?.itemId == byName["home"]?.id)
    #expect(byName["home-selected"]?.codeUse?.unusedSelectedStateOf == byName["home"]?.id)
    let unused = report.findings.filter { $0.ruleId == UnusedSelectedStateRule.identifier }
    #expect(unused.map(\.iconId) == [byName["home-selected"]!.id])
    #expect(report.findings.allSatisfy { $0.iconId != byName["home-selected"]!.id || $0.ruleId == UnusedSelectedStateRule.identifier })
    // An image used in a tab bar and elsewhere is a tab bar icon, located at its tab bar line.
    #expect(byName["inbox"]?.codeUse?.locations == ["App/Tabs.swift:3"])
    // The generated asset symbol resolves to its set.
    #expect(byName["profileTab"]?.codeUse?.locations == ["App/Tabs.swift:4"])
    #expect(report.barIconsInCode.map(\.location) == ["App/Main.storyboard:2", "App/Tabs.swift:3", "App/Tabs.swift:4"])
    #expect(result.diagnostics.contains(.codeNote("1 image set not put in a bar by the code left out (name them with a role pattern in the configuration to audit them)")))

    // The readable reports list the uses; SARIF points at the line of code too.
    let text = TextReportWriter.write(report)
    #expect(text.contains("Bar icons found in the code (3)"))
    #expect(text.contains("App/Main.storyboard:2"))
    #expect(MarkdownReportWriter.write(report, toolVersion: "t").contains("## Bar icons found in the code"))
    let sarif = SARIFReportWriter.write(report, toolVersion: "t")
    if report.findings.contains(where: { $0.iconId == byName["home-selected"]!.id }) {
      #expect(!sarif.contains("relatedLocations") || sarif.contains("\"startLine\""))
    }
    let withCode = report.findings.first { !(byName[PathText.lastComponent($0.iconId)]?.codeUse?.locations.isEmpty ?? true) }
    if let withCode {
      #expect(sarif.contains("relatedLocations"))
      #expect(XcodeDiagnosticsWriter.write(report).contains("(put in the bar at"))
      _ = withCode
    }
  }

  @Test func anIconFolderIsAuditedAsBefore() throws {
    let root = try makeApp()
    defer { try? FileManager.default.removeItem(atPath: root) }
    // Without the code (--ignore-code), every set is audited by folder.
    let report = try AuditFrontend.run(AuditRequest(paths: [root])).report
    #expect(report.icons.count == 6)
    #expect(report.barIconsInCode.isEmpty)
  }
}
