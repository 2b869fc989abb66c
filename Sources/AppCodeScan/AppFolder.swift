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
    var source = false, catalog = false
    walk(followingLink(path), limit: 20_000) { name in
      if name.hasPrefix(".") { return .skipDescendants }
      if name.hasSuffix(".xcassets") {
        catalog = true
        return source ? .stop : .skipDescendants
      }
      if AppCode.kind(of: name) != nil { source = true }
      return source && catalog ? .stop : .next
    }
    return source && catalog
  }

  enum WalkStep { case next, skipDescendants, stop }

  /// `path`, or the folder it leads to when it is itself a symbolic link: the PATH an audit is
  /// given is followed (discovery reads the images behind it), while a walk (``walk(_:limit:_:)``,
  /// `FileManager.enumerator(atPath:)`) does not enter a link given as its root. An app's folder
  /// reached through a link was read as one with no code ("0 uses in 0 files"). O(path length).
  public static func followingLink(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
    return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  }

  /// Calls `visit` with the name of each entry under `root` (not the root itself), directories
  /// before their contents, in the order and with the entries of `FileManager.enumerator(atPath:)`
  /// on Linux: that is `fts` with `FTS_PHYSICAL | FTS_XDEV | FTS_NOCHDIR | FTS_NOSTAT` and no
  /// sorting, which reads a whole directory, then visits its entries in the directory's order,
  /// descending into each directory (not a symbolic link, not another device) as it comes; at most
  /// `limit` entries. The enumerator made a URL and a relative path of every entry: 0.06 s of CPU
  /// for the 10,000-icon scale corpus in every audit of a folder, against a few milliseconds here.
  /// - Complexity: O(min(entries, limit)) plus the directories read.
  static func walk(_ root: String, limit: Int, _ visit: (String) -> WalkStep) {
    // The root as fts takes it without FTS_COMFOLLOW: a symbolic link to a folder is not entered.
    var info = stat()
    guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
    let device = info.st_dev
    var seen = 0
    /// False when the walk is to stop.
    func walkFolder(_ folder: String) -> Bool {
      guard let stream = opendir(folder) else { return true }
      var entries: [(name: String, type: UInt8)] = []
      while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        entries.append((name, entry.pointee.d_type))
      }
      closedir(stream)
      for (name, type) in entries {
        guard seen < limit else { return false }
        seen += 1
        let step = visit(name)
        if step == .stop { return false }
        guard step == .next, type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) else { continue }
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        var child = stat()
        guard lstat(path, &child) == 0, child.st_mode & S_IFMT == S_IFDIR, child.st_dev == device else { continue }
        if !walkFolder(path) { return false }
      }
      return true
    }
    _ = walkFolder(root)
  }
}
