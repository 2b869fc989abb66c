// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Tells an app's folder (whose code says which images are bar icons) from a folder of icons.
public enum AppFolder {
  /// Whether `path` is an app's folder: a folder (not an asset catalog) holding an `.xcodeproj`,
  /// `.xcworkspace` or `Package.swift` at its top or one level down, or, within its first
  /// 20,000 entries, both a source file (Swift, Objective-C, storyboard, xib) and an asset catalog.
  ///
  /// - Complexity: O(min(entries, 20,000)).
  public static func detect(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
      !path.hasSuffix(".xcassets"), !path.hasSuffix(".xcassets/")
    else { return false }
    func marks(_ name: String) -> Bool { name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") || name == "Package.swift" }
    let top = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    if top.contains(where: marks) { return true }
    for folder in top where !folder.hasPrefix(".") {
      let inner = (try? FileManager.default.contentsOfDirectory(atPath: (path as NSString).appendingPathComponent(folder))) ?? []
      if inner.contains(where: marks) { return true }
    }
    guard let walker = FileManager.default.enumerator(atPath: path) else { return false }
    var source = false, catalog = false, seen = 0
    while let relative = walker.nextObject() as? String, seen < 20_000 {
      seen += 1
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") { walker.skipDescendants(); continue }
      if name.hasSuffix(".xcassets") { catalog = true; walker.skipDescendants() } else if AppCode.kind(of: name) != nil { source = true }
      if source && catalog { return true }
    }
    return false
  }
}
