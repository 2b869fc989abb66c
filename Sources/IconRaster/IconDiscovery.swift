// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconSupport

/// The kind of an icon file, from its extension.
public enum IconFileKind: String, Sendable, Codable, CaseIterable {
  case png, svg, pdf

  public init?(pathExtension: String) {
    self.init(rawValue: pathExtension.lowercased())
  }

  public var isVector: Bool { self != .png }
}

/// One file of an icon: a PNG at a scale, or a vector document.
public struct IconFile: Sendable, Hashable {
  /// The path to open (as given on the command line, joined with what was found below it).
  public var path: String
  /// The path shown in reports: relative to the audited PATH; with several PATHs, it starts with
  /// the PATH's label (``IconDiscovery/rootLabels(_:)``).
  public var relativePath: String
  public var kind: IconFileKind
  /// Pixels per point: 1, 2 or 3 from `@Nx` for PNGs (1 without a suffix); nil for vectors,
  /// which are rendered at the scale asked for.
  public var scale: Int?

  public init(path: String, relativePath: String, kind: IconFileKind, scale: Int?) {
    self.path = path
    self.relativePath = relativePath
    self.kind = kind
    self.scale = scale
  }
}

/// An icon as found on disk: one name, one or more files (one per scale).
public struct DiscoveredIcon: Sendable, Hashable {
  /// Stable identity: relative folder + name, without scale suffix or extension.
  public var id: String
  /// The file name without scale suffix and extension.
  public var name: String
  /// Files sorted by scale (vector files last).
  public var files: [IconFile]
  /// Set when the icon is an asset catalog image set or symbol set.
  public var catalog: CatalogInfo?

  public init(id: String, name: String, files: [IconFile], catalog: CatalogInfo? = nil) {
    self.id = id
    self.name = name
    self.files = files
    self.catalog = catalog
  }

  /// The icon with its PNGs at `scale` when none of its files names a scale (`x.png`, not
  /// `x@2x.png`) and it is not from an asset catalog (whose Contents.json says): an icon pack
  /// exported at @2x under plain names. An icon with `@Nx` files keeps its plain `x.png` at 1.
  public func withPNGScale(_ scale: Int) -> DiscoveredIcon {
    guard catalog == nil, !files.contains(where: { IconDiscovery.namesItsScale(PathText.lastComponent($0.path)) }) else { return self }
    var icon = self
    icon.files = files.map { file in
      var file = file
      if file.kind == .png { file.scale = scale }
      return file
    }
    return icon
  }

  /// The file to analyse: the largest PNG scale, else the first vector file.
  public var primaryFile: IconFile {
    files.filter { $0.kind == .png }.max { ($0.scale ?? 1) < ($1.scale ?? 1) } ?? files[0]
  }
}

/// A problem met while walking the inputs (a missing path, an unreadable folder, a loop).
public struct DiscoveryIssue: Sendable, Hashable, CustomStringConvertible {
  /// The path as it can be found from where iconaudit runs (PATH joined with what was found below it).
  public var path: String
  public var reason: String
  /// The path as reports show it, relative to the audited PATH like icon paths (nil: `path`, for a
  /// PATH itself).
  public var relativePath: String?
  public var description: String { "\(path): \(reason)" }

  public init(path: String, reason: String, relativePath: String? = nil) {
    self.path = path
    self.reason = reason
    self.relativePath = relativePath
  }
}

/// Finds icon files under paths, in a stable sorted order.
///
/// - `name.png`, `name@2x.png`, `name@3x.png` are one icon at three scales; a PNG without `@Nx`
///   has scale 1. `.svg` and `.pdf` files are vector icons.
/// - Folders are walked recursively in byte order of names; hidden entries (starting with `.`)
///   are skipped; a symbolic link (to a file or a folder) is followed only if it resolves inside the
///   audited folder (one that leads elsewhere is reported and not followed); a symbolic link to a
///   folder is followed once, and a folder already visited
///   (a symlink loop) is not entered again.
public enum IconDiscovery {
  public static func discover(_ paths: [String]) -> (icons: [DiscoveredIcon], issues: [DiscoveryIssue]) {
    let found = discoverWithSkipped(paths)
    return (found.icons, found.issues)
  }

  /// Whether a file name carries its scale (`x@1x.png`, `x@2x.png`, `x@3x.png`).
  public static func namesItsScale(_ fileName: String) -> Bool {
    // Printable ASCII (each byte a Character): on the bytes.
    let ascii = fileName.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
      guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 3 else { return false }
      return bytes[dot - 3] == UInt8(ascii: "@") && (UInt8(ascii: "1")...UInt8(ascii: "3")).contains(bytes[dot - 2])
        && bytes[dot - 1] == UInt8(ascii: "x")
    }
    if let ascii, let ascii { return ascii }
    guard let dot = fileName.lastIndex(of: ".") else { return false }
    let stem = fileName[..<dot]
    return ["@1x", "@2x", "@3x"].contains { stem.hasSuffix($0) } && stem.count > 3
  }

  /// Image file types iconaudit does not read, listed when skipped (a JPEG icon left out of an audit
  /// without a word would pass unnoticed).
  static let unsupportedImageExtensions: Set<String> = [
    "jpg", "jpeg", "gif", "webp", "heic", "heif", "tif", "tiff", "bmp", "ico", "icns", "avif",
  ]

  /// ``discover(_:)``, and the report paths of the image files skipped for their type (JPEG, WebP,
  /// GIF, …: ``unsupportedImageExtensions``) outside asset catalogs, in walking order.
  public static func discoverWithSkipped(_ paths: [String])
    -> (icons: [DiscoveredIcon], issues: [DiscoveryIssue], skipped: [String])
  {
    let found = discoverAll(paths)
    return (found.icons, found.issues, found.skippedFiles)
  }

  /// What discovery found under the inputs.
  public struct Discovery: Sendable {
    /// The icons, in byte order of ids.
    public var icons: [DiscoveredIcon]
    /// Problems met (unreadable files and folders, broken catalogs), each naming its path.
    public var issues: [DiscoveryIssue]
    /// Image files outside asset catalogs of a type iconaudit does not read, in walking order.
    public var skippedFiles: [String]
    /// Asset catalog sets with nothing to audit (photos, idioms not audited, no file), in walking order.
    public var skippedSets: [SkippedSet]
  }

  /// Finds the icons under `paths`; asset catalog images are read for `idioms`
  /// (``AssetCatalog/defaultIdioms`` unless told).
  public static func discoverAll(_ paths: [String], idioms: [String] = AssetCatalog.defaultIdioms) -> Discovery {
    let idioms = Set(idioms)
    var skippedSets: [SkippedSet] = []
    var skipped: [String] = []
    var files: [IconFile] = []
    var sets: [DiscoveredIcon] = []
    var issues: [DiscoveryIssue] = []
    var visited = Set<String>()
    var roots: [(path: String, canonical: String, isDirectory: Bool)] = []
    var seenRoots = Set<String>()
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        issues.append(DiscoveryIssue(path: path, reason: "no such file or directory"))
        continue
      }
      if !isDirectory.boolValue && parse(fileName: PathText.lastComponent(path)) == nil {
        issues.append(DiscoveryIssue(path: path, reason: "unsupported file type (expected .png, .svg or .pdf)"))
        continue
      }
      let canonical = canonicalPath(path)
      // The same file or folder named twice is read once (a set: a shell glob names thousands).
      if seenRoots.insert(canonical).inserted {
        roots.append((path, canonical, isDirectory.boolValue))
      }
    }
    let labels = rootLabels(roots.map { ($0.canonical, $0.isDirectory) })
    for ((path, canonical, isDirectory), label) in zip(roots, labels) {
      // With one PATH, reports show paths relative to it (a file or an image set: its name); with
      // several, each PATH's paths start with its label, so that `a/Icons` and `b/Icons`, or
      // `44px/set-01/x.png` and `50px/set-01/x.png`, stay distinct icons.
      let name = PathText.lastComponent(path)
      let shown = roots.count > 1 ? label : name
      if isDirectory, let kind = AssetCatalog.setKind(name) {
        let reading = AssetCatalog.readSet(directory: path, relative: shown, kind: kind, idioms: idioms)
        if let icon = reading.icon { sets.append(icon) }
        if let set = reading.skipped { skippedSets.append(set) }
        issues += reading.issues
      } else if isDirectory {
        walk(directory: path, relative: roots.count > 1 ? label : "", root: canonical, idioms: idioms, visited: &visited,
             files: &files, sets: &sets, issues: &issues, skipped: &skipped, skippedSets: &skippedSets, depth: 0,
             inCatalog: path.hasSuffix(".xcassets") || path.hasSuffix(".xcassets/"))
      } else if let file = iconFile(path: path, relativePath: shown) {
        files.append(file)
      }
    }
    // Byte order of ids: stable whatever the file system returns.
    // Their positions sorted, not the icons themselves (large values, moved a dozen times each by
    // the merge sort): the same stable order.
    let found = group(files) + sets
    let order = found.indices.sorted { PathText.utf8Precedes(found[$0].id, found[$1].id) }
    let icons = order.map { found[$0] }
    return Discovery(icons: icons, issues: issues, skippedFiles: skipped, skippedSets: skippedSets)
  }

  /// A label for each of several distinct paths: the shortest common number k ≥ 1 of trailing
  /// components (of the canonical paths) that tells them apart as icons, e.g. `44px` and `50px`,
  /// `a/Icons` and `b/Icons`, or `light/star.png` and `dark/star@2x.png` (a file is told apart by
  /// its icon name, without `@Nx` and extension: files that still share a label are one icon's
  /// scales).
  static func rootLabels(_ roots: [(canonicalPath: String, isDirectory: Bool)]) -> [String] {
    let components = roots.map { $0.canonicalPath.split(separator: "/").map(String.init) }
    let keys = zip(roots, components).map { root, parts -> [String] in
      guard !root.isDirectory, let last = parts.last, let name = parse(fileName: last)?.name else { return parts }
      return parts.dropLast() + [name]
    }
    let longest = components.map(\.count).max() ?? 0
    var k = 1
    // Files that share a key are one icon's scales (`x.png`, `x@2x.png`): they need not be told apart.
    let distinct = Set(keys).count
    while k < longest && Set(keys.map { Array($0.suffix(k)) }).count < distinct { k += 1 }
    return components.map { $0.suffix(k).joined(separator: "/") }
  }

  /// Parses `name@2x.png` into ("name", 2). Returns nil for other extensions.
  public static func parse(fileName: String) -> (name: String, scale: Int?, kind: IconFileKind)? {
    if let parsed = parseASCII(fileName) { return parsed.name.map { ($0, parsed.scale, parsed.kind!) } }
    // The extension follows the last "." that does not start the name (as `NSString.pathExtension`
    // has it: `..png` is "." with extension png, `.png` has none); plain string arithmetic, which
    // is several times faster than NSString's on Linux (discovery is serial).
    guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex,
      let kind = IconFileKind(pathExtension: String(fileName[fileName.index(after: dot)...]))
    else { return nil }
    var stem = fileName[..<dot]
    var scale: Int? = kind == .png ? 1 : nil
    if let at = stem.lastIndex(of: "@") {
      let suffix = stem[stem.index(after: at)...]
      if suffix.count == 2, suffix.last == "x", let n = Int(suffix.prefix(1)), (1...3).contains(n) {
        stem = stem[..<at]
        if kind == .png { scale = n }
      }
    }
    guard !stem.isEmpty else { return nil }
    return (String(stem), scale, kind)
  }

  /// ``parse(fileName:)`` on the bytes of a name made of printable ASCII (where each byte is a
  /// Character, so the same indices as the Character search): `name` nil when the name is not an
  /// icon file's; nil for any other name (then Characters are compared). Discovery parses every
  /// file name twice (walking and grouping); a Character at a time it was a visible part of a warm
  /// audit's CPU.
  static func parseASCII(_ fileName: String) -> (name: String?, scale: Int?, kind: IconFileKind?)? {
    let search = { (bytes: UnsafeBufferPointer<UInt8>) -> (name: String?, scale: Int?, kind: IconFileKind?)? in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
      guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != 0 else { return (nil, nil, nil) }
      let kind: IconFileKind
      switch bytes.count - dot - 1 {
      case 3:
        // The extension lower-cased (ASCII), compared with png, svg and pdf.
        let a = bytes[dot + 1] | 0x20, b = bytes[dot + 2] | 0x20, c = bytes[dot + 3] | 0x20
        // `| 0x20` lower-cases letters; it must not turn another byte into one (`P` is 0x50, `p` 0x70).
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        guard isLetter(bytes[dot + 1]), isLetter(bytes[dot + 2]), isLetter(bytes[dot + 3]) else { return (nil, nil, nil) }
        switch (a, b, c) {
        case (UInt8(ascii: "p"), UInt8(ascii: "n"), UInt8(ascii: "g")): kind = .png
        case (UInt8(ascii: "s"), UInt8(ascii: "v"), UInt8(ascii: "g")): kind = .svg
        case (UInt8(ascii: "p"), UInt8(ascii: "d"), UInt8(ascii: "f")): kind = .pdf
        default: return (nil, nil, nil)
        }
      default: return (nil, nil, nil)
      }
      var end = dot
      var scale: Int? = kind == .png ? 1 : nil
      if let at = UnsafeBufferPointer(rebasing: bytes[..<dot]).lastIndex(of: UInt8(ascii: "@")), dot - at - 1 == 2,
         bytes[dot - 1] == UInt8(ascii: "x"), (UInt8(ascii: "1")...UInt8(ascii: "3")).contains(bytes[at + 1]) {
        end = at
        if kind == .png { scale = Int(bytes[at + 1] - UInt8(ascii: "0")) }
      }
      guard end > 0 else { return (nil, nil, nil) }
      return (String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self), scale, kind)
    }
    if let parsed = fileName.utf8.withContiguousStorageIfAvailable(search) { return parsed }
    var copy = fileName
    return copy.withUTF8(search)
  }

  private static let maxDepth = 64

  private static func walk(directory: String, relative: String, root: String, idioms: Set<String>, visited: inout Set<String>,
                           files: inout [IconFile], sets: inout [DiscoveredIcon], issues: inout [DiscoveryIssue],
                           skipped: inout [String], skippedSets: inout [SkippedSet], depth: Int, inCatalog: Bool = false) {
    let inCatalog = inCatalog || directory.hasSuffix(".xcassets")
    let canonical = canonicalPath(directory)
    guard visited.insert(canonical).inserted else { return }  // a loop, or seen through another link
    guard depth < maxDepth else {
      issues.append(DiscoveryIssue(path: directory, reason: "folders nested deeper than \(maxDepth) levels; not entered",
                                   relativePath: relative.isEmpty ? nil : relative))
      return
    }
    let entries: [FolderListing.Entry]
    do {
      entries = try FolderListing.entries(of: directory)
    } catch {
      issues.append(DiscoveryIssue(path: directory, reason: "cannot list the folder (\(error.reason))",
                                   relativePath: relative.isEmpty ? nil : relative))
      return
    }
    for listed in entries.sorted(by: { PathText.utf8Precedes($0.name, $1.name) })
    where !listed.name.hasPrefix(".") {
      let entry = listed.name
      // As `NSString.appendingPathComponent` joins them (no second "/" after a trailing one).
      let full = directory.isEmpty ? entry : directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
      let rel = relative.isEmpty ? entry : relative + "/" + entry
      guard listed.validName else {
        // Reported when it may have been an icon, an image set or a folder (as broken links are):
        // a Latin-1 README beside the icons is not an input.
        if listed.kind != .file || (!inCatalog && mayBeAnInput(entry)) {
          issues.append(DiscoveryIssue(path: full, reason: "the name is not valid UTF-8 (shown with U+FFFD); not read", relativePath: rel))
        }
        continue
      }
      // What the entry is: from the listing for a plain file or folder; a symbolic link is followed
      // with stat (a broken one, or an entry gone since the listing, fails it).
      var isDirectory = listed.kind == .folder
      var isLink = listed.kind == .link
      if listed.kind == .link || listed.kind == .unknown {
        var info = stat()
        let found = lstat(full, &info) == 0
        isLink = found && (info.st_mode & S_IFMT) == S_IFLNK
        guard found, !isLink || stat(full, &info) == 0 else {
          // Reported when it may have been an icon, an image set or a folder (not a README's link).
          if mayBeAnInput(entry) {
            issues.append(DiscoveryIssue(path: full, reason: "broken symbolic link", relativePath: rel))
          }
          continue
        }
        isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
      }
      // A symbolic link is followed only while it stays inside the audited folder: a link to `/` or
      // to a home folder in a downloaded icon pack must not make the audit walk, read or report
      // files elsewhere on the machine.
      // (Only entries that would be read: a link named README leads nowhere that matters.)
      // A file's name parsed once (an icon file outside a catalog).
      let parsed = isDirectory || inCatalog ? nil : parse(fileName: entry)
      let wouldRead = isDirectory ? !AssetCatalog.isIgnored(entry, inCatalog: inCatalog) : parsed != nil
      if wouldRead, isLink, !isInside(canonicalPath(full), root: root) {
        issues.append(DiscoveryIssue(path: full, reason: "symbolic link leads outside the audited folder; not followed", relativePath: rel))
        continue
      }
      if isDirectory {
        if let kind = AssetCatalog.setKind(entry) {
          let reading = AssetCatalog.readSet(directory: full, relative: rel, kind: kind, idioms: idioms)
          if let icon = reading.icon { sets.append(icon) }
          if let set = reading.skipped { skippedSets.append(set) }
          issues += reading.issues
        } else if !AssetCatalog.isIgnored(entry, inCatalog: inCatalog) {
          walk(directory: full, relative: rel, root: root, idioms: idioms, visited: &visited, files: &files, sets: &sets,
               issues: &issues, skipped: &skipped, skippedSets: &skippedSets, depth: depth + 1, inCatalog: inCatalog)
        }
      } else if inCatalog {
        // Loose files inside a catalog (outside any set) are not assets; Contents.json of groups too.
        continue
      } else if let parsed {
        files.append(IconFile(path: full, relativePath: rel, kind: parsed.kind, scale: parsed.scale))
      } else if let dot = entry.lastIndex(of: "."),
        unsupportedImageExtensions.contains(entry[entry.index(after: dot)...].lowercased())
      {
        skipped.append(rel)
      }
    }
  }

  /// Whether an entry's name is that of something the audit would read: an icon file, an image or
  /// symbol set, or (no extension) a folder. Problems with other entries (a README's broken link)
  /// are not the audit's.
  private static func mayBeAnInput(_ name: String) -> Bool {
    parse(fileName: name) != nil || AssetCatalog.setKind(name) != nil || !name.contains(".")
  }

  private static func iconFile(path: String, relativePath: String) -> IconFile? {
    guard let parsed = parse(fileName: PathText.lastComponent(path)) else { return nil }
    return IconFile(path: path, relativePath: relativePath, kind: parsed.kind, scale: parsed.scale)
  }

  private static func isInside(_ path: String, root: String) -> Bool {
    root == "/" || path == root || path.hasPrefix(root + "/")
  }

  private static func canonicalPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Groups files into icons by (folder, name); keeps first-seen order of icons.
  static func group(_ files: [IconFile]) -> [DiscoveredIcon] {
    var order: [String] = []
    var byID: [String: (name: String, files: [IconFile])] = [:]
    for file in files {
      guard let parsed = parse(fileName: PathText.lastComponent(file.relativePath)) else { continue }
      let folder = PathText.parent(file.relativePath)
      let id = folder.isEmpty ? parsed.name : folder + "/" + parsed.name
      if byID[id] == nil {
        order.append(id)
        byID[id] = (parsed.name, [])
      }
      byID[id]!.files.append(file)
    }
    return order.map { id in
      let entry = byID[id]!
      guard entry.files.count > 1 else { return DiscoveredIcon(id: id, name: entry.name, files: entry.files) }
      let sorted = entry.files.sorted { a, b in
        let ka = a.kind == .png ? (a.scale ?? 1) : 100
        let kb = b.kind == .png ? (b.scale ?? 1) : 100
        return ka != kb ? ka < kb : a.relativePath < b.relativePath
      }
      return DiscoveredIcon(id: id, name: entry.name, files: sorted)
    }
  }
}
