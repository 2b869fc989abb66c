// SPDX-License-Identifier: GPL-3.0-or-later
import IconSupport
import AppCodeScan
import AuditFrontend
import Foundation
import Guidelines
import IconMetrics
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

  /// A custom symbol template drawing a ring of `outerUnits` across at Regular-M only.
  static func ringTemplate(outerUnits: Double) -> [UInt8] {
    Array("""
      <svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">
        <g id="Notes"><rect x="0" y="0" width="3300" height="60" fill="#000"/></g>
        <g id="Symbols"><g id="Regular-M" transform="matrix(1 0 0 1 1500 700)">
          <circle cx="0" cy="0" r="\(outerUnits / 2 - 4)" fill="none" stroke="#000" stroke-width="8"/>
        </g></g>
      </svg>
      """.utf8)
  }

  @Test func customSymbolsAreMeasuredAtTheSizeOfTheirBar() throws {
    let root = try makeTemporaryFolder("appcode-symbols")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try write(Array("// swift-tools-version:6.0\n".utf8), "\(root)/Package.swift")
    let assets = "\(root)/App/Assets.xcassets"
    // Three PNG tab icons drawn on 25 pt canvases; the ring is 22 pt across.
    for (index, name) in ["home", "inbox", "profile"].enumerated() {
      try writeImageSet(assets, name, images: [("\(name)@2x.png", "2x")], files: ["\(name)@2x.png": tabGlyph(index, scale: 2)])
    }
    // The same symbol (a ring 88 units across) in the tab bar and in a toolbar.
    for name in ["dot", "ring"] {
      let set = "\(assets)/\(name).symbolset"
      try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
      try write(Self.ringTemplate(outerUnits: 88), "\(set)/\(name).svg")
      try write(Array(#"{"symbols": [{"filename": "\#(name).svg", "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}"#.utf8),
                "\(set)/Contents.json")
    }
    try write(Array("""
      struct RootView: View {
        var body: some View {
          TabView {
            Tab("Home", image: "home") { HomeView() }
            Tab("Inbox", image: "inbox") { InboxView() }
            Tab("Me", image: "profile") { ProfileView() }
            Tab("Dot", image: "dot") { DotView() }
          }
        }
      }
      struct DotView: View {
        var body: some View {
          Text("dot").toolbar {
            ToolbarItem(placement: .bottomBar) { Button { } label: { Image("ring") } }
          }
        }
      }
      """.utf8), "\(root)/App/RootView.swift")
    let report = try AuditFrontend.run(AuditRequest(paths: [root], appCode: AppCode.scan(folder: root))).report
    let byName = Dictionary(uniqueKeysWithValues: report.icons.map { (PathText.lastComponent($0.id), $0) })
    let dot = try #require(byName["dot"]), ring = try #require(byName["ring"]), home = try #require(byName["home"])
    #expect(dot.role == .tabBar && ring.role == .toolbar)
    // In the tab bar at 25 pt: 88 units are 22 pt, the size of the PNG ring beside it.
    #expect(abs(dot.metrics.extentPt.width - 22) <= 0.5, "\(dot.metrics.extentPt)")
    #expect(abs(dot.metrics.extentPt.width - home.metrics.extentPt.width) <= 0.5)
    // In a toolbar at 17 pt, large scale: 88 × 0.17 × 1.29 = 19.3 pt.
    #expect(abs(ring.metrics.extentPt.width - 19.3) <= 0.5, "\(ring.metrics.extentPt)")
    // Through a measurement cache: the tab bar's measurement is stored, and the same template in a
    // toolbar (`--role toolbar`) is not read from it (the key holds the symbol's size).
    var options = MeasurementOptions()
    options.cache = MeasurementCache.memoryOnly()
    let cachedRequest = { (configuration: AuditConfiguration, code: AppCode?) in
      AuditRequest(paths: [root], configuration: configuration, options: options, appCode: code)
    }
    let first = try AuditFrontend.run(cachedRequest(AuditConfiguration(), AppCode.scan(folder: root))).report
    let again = try AuditFrontend.run(cachedRequest(AuditConfiguration(), AppCode.scan(folder: root))).report
    var toolbar = AuditConfiguration()
    toolbar.roleOverride = .toolbar
    let asToolbar = try AuditFrontend.run(cachedRequest(toolbar, nil)).report
    for report in [first, again] {
      let cachedDot = try #require(report.icons.first { $0.id == dot.id })
      #expect(abs(cachedDot.metrics.extentPt.width - 22) <= 0.5)
    }
    let dotAsToolbar = try #require(asToolbar.icons.first { $0.id == dot.id })
    #expect(abs(dotAsToolbar.metrics.extentPt.width - 19.3) <= 0.5, "\(dotAsToolbar.metrics.extentPt)")
    #expect((options.cache?.stats.hits ?? 0) > 0)
    // Compared with the PNG icons at that size, the symbol is not a size outlier.
    #expect(!report.findings.contains { $0.iconId == dot.id && $0.ruleId.contains("size") }, "\(report.findings.map { ($0.iconId, $0.ruleId) })")
  }
}
