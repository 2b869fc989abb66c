// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AppCodeScan
import Foundation
import Testing

/// `AppFolder.walk` visits what `FileManager.enumerator(atPath:)` does, in its order: so
/// `AppFolder.detect` answers as before on any folder, within its 20,000-entry limit too.
@Suite struct AppFolderWalkTests {
  /// The names `FileManager`'s enumerator gives, skipping below the names `skip` says.
  func enumerated(_ root: String, limit: Int, skip: (String) -> Bool) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var names: [String] = []
    while let relative = walker.nextObject() as? String, names.count < limit {
      let name = (relative as NSString).lastPathComponent
      names.append(name)
      if skip(name) { walker.skipDescendants() }
    }
    return names
  }

  func walked(_ root: String, limit: Int, skip: (String) -> Bool) -> [String] {
    var names: [String] = []
    AppFolder.walk(root, limit: limit) { name in
      names.append(name)
      return skip(name) ? .skipDescendants : .next
    }
    return names
  }

  @Test func visitsTheEnumeratorsEntriesInItsOrder() throws {
    let root = NSTemporaryDirectory() + "iconaudit-walk-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let manager = FileManager.default
    for folder in ["App/Sources/Deep/Deeper", "App/Assets.xcassets/star.imageset", "App/.git/objects", "Other", "Empty",
                   "Z Folder with space/ü"] {
      try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    for (i, file) in ["App/Sources/A.swift", "App/Sources/Deep/B.m", "App/Sources/Deep/Deeper/c.xib", "App/.git/objects/x",
                      "App/Assets.xcassets/star.imageset/star.png", "Other/readme.md", ".hidden", "Z Folder with space/ü/é.png",
                      "top.storyboard"].enumerated() {
      try Data(repeating: UInt8(i), count: i).write(to: URL(fileURLWithPath: root + "/" + file))
    }
    // A link to a folder is listed, not entered; a dangling link is listed.
    try manager.createSymbolicLink(atPath: root + "/link-to-app", withDestinationPath: root + "/App")
    try manager.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: root + "/nowhere")
    // Many entries in one folder, for the limit.
    for i in 0..<40 { try Data().write(to: URL(fileURLWithPath: root + "/Other/f\(i)")) }

    let skips: [(String) -> Bool] = [{ _ in false }, { $0.hasPrefix(".") || $0.hasSuffix(".xcassets") }, { $0 == "Sources" }]
    for skip in skips {
      for limit in [0, 1, 5, 17, 30, 1000] {
        #expect(walked(root, limit: limit, skip: skip) == enumerated(root, limit: limit, skip: skip), "limit \(limit)")
      }
    }
    #expect(walked(root, limit: 1000, skip: { _ in false }).count == 63)
    // The root given with a trailing slash, a file, a link to a folder, a missing path.
    #expect(walked(root + "/", limit: 1000, skip: { _ in false }) == enumerated(root + "/", limit: 1000, skip: { _ in false }))
    for path in [root + "/top.storyboard", root + "/link-to-app", root + "/missing"] {
      #expect(walked(path, limit: 1000, skip: { _ in false }) == enumerated(path, limit: 1000, skip: { _ in false }), "\(path)")
    }
  }

  /// An app's folder given through a symbolic link (`iconaudit audit Loop`, Loop a link to the
  /// repository) is read as the folder itself: its code is scanned, not "0 uses in 0 files".
  @Test func anAppFolderGivenAsALinkIsRead() throws {
    let root = NSTemporaryDirectory() + "iconaudit-link-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let manager = FileManager.default
    try manager.createDirectory(atPath: root + "/Repo/App/Assets.xcassets/home.imageset", withIntermediateDirectories: true)
    try Data("tabBarItem = UITabBarItem(title: \"Home\", image: UIImage(named: \"home\"), selectedImage: nil)\n".utf8)
      .write(to: URL(fileURLWithPath: root + "/Repo/App/Home.swift"))
    try manager.createSymbolicLink(atPath: root + "/Link", withDestinationPath: root + "/Repo")
    #expect(AppFolder.followingLink(root + "/Link") == URL(fileURLWithPath: root + "/Repo").resolvingSymlinksInPath().path)
    #expect(AppFolder.followingLink(root + "/Repo") == root + "/Repo")
    #expect(AppFolder.detect(root + "/Link") && AppFolder.detect(root + "/Repo"))
    let direct = AppCode.scan(folder: root + "/Repo"), linked = AppCode.scan(folder: root + "/Link")
    #expect(direct.filesScanned == 1 && !direct.uses.isEmpty)
    #expect(linked.filesScanned == direct.filesScanned && linked.uses.map { "\($0.image)" } == direct.uses.map { "\($0.image)" })
    #expect(linked.uses.map { "\($0.location)" } == direct.uses.map { "\($0.location)" })
  }
}
