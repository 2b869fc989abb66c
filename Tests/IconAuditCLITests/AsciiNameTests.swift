// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AuditFrontend
@testable import Guidelines
import Testing

/// The byte paths for ASCII names give what the Character paths give.
@Suite struct AsciiNameTests {
  static let names = [
    "TabBar", "tab-bar", "Tab Bar Icons", "TOOLBAR", "Navigation_Bar", "nav.bar", "Quick Actions",
    "shortcuts", "Tabs2", "Icons", "", "--", "Ťab Bar", "İcons", "ToolBar ✓", "QuickAction",
  ]

  @Test func roleFromFolderName() {
    for name in Self.names {
      #expect(IconRole.letterKey(name) == name.lowercased().filter { $0.isLetter }, "\(name)")
    }
    #expect(IconRole(folderName: "Tab-Bar") == .tabBar)
    #expect(IconRole(folderName: "Navigation Bar") == .navigationBar)
    #expect(IconRole(folderName: "Icons") == nil)
    // An app's own shortcut tiles, never Home Screen quick actions, in the real apps read.
    #expect(IconRole(folderName: "Shortcuts") == nil)
    #expect(IconRole(folderName: "Quick Actions") == .quickAction)
  }

  /// ``IconRole/fromPath(_:)`` on an ASCII path's bytes against the folders split by Character.
  @Test func roleFromPath() {
    func slow(_ path: String) -> IconRole? {
      for folder in path.split(separator: "/").dropLast().reversed() where !folder.hasSuffix(".imageset") && !folder.hasSuffix(".symbolset") {
        var name = String(folder)
        if name.hasSuffix(".xcassets") { name = String(name.dropLast(".xcassets".count)) }
        if let role = IconRole(folderName: name) { return role }
      }
      return nil
    }
    // An image set names its image, not a bar (Onion Browser's toolbar button `tabs.imageset`).
    #expect(IconRole.fromPath("Toolbar/tabs.imageset/tabs@2x.png") == .toolbar)
    #expect(IconRole.fromPath("Media.xcassets/tabs.imageset/tabs@2x.png") == nil)
    #expect(IconRole.fromPath("Icons/toolbar.symbolset/toolbar.svg") == nil)
    #expect(IconRole.fromPath("TabBar.xcassets/home.imageset/home.pdf") == .tabBar)
    var paths = ["", "/", "x.png", "TabBar/x.png", "TabBar/", "/TabBar/x", "a//Toolbar//x.png", "Tab Bar Icons/Icons/x",
                 "Assets.xcassets/TabBar.imageset/x.png", "TabBar.xcassets/x", "TabBar.imageset.xcassets/x",
                 "TabBar.xcassets.imageset/x", "NavigationBarNavigationBar/x", "navigation-bar.symbolset/y.svg",
                 "Quick Actions/Tabs/x.pdf", "toolbaricons/a/b/c.png", "Ťab Bar/x.png", "Icons/A/clock.png", "A/B"]
    for a in Self.names { for b in ["x.png", "Icons/x.png", "\(a).imageset/x.png"] { paths.append(a + "/" + b) } }
    for path in paths { #expect(IconRole.fromPath(path) == slow(path), "\(path)") }
  }

  @Test func appIconNames() {
    func slow(_ id: String) -> Bool {
      id.split(separator: "/").contains { $0.lowercased().filter { $0.isLetter || $0.isNumber }.contains("appicon") }
    }
    let ids = [
      "Assets/AppIcon.appiconset/icon", "Assets/App Icon-1/x", "app-icon", "ap/picon", "aappicon", "appappicon",
      "apPiCoN2", "Icons/tab", "App_Icon/ä", "appic/on", "a.p.p.i.c.o.n", "xappicox", "", "/", "Äpp/AppIcon",
    ]
    for id in ids { #expect(BarIconScope.namesAnAppIcon(id) == slow(id), "\(id)") }
  }
}
