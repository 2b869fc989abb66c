// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What an asset catalog says about an image set beyond its files.
public struct CatalogInfo: Sendable, Hashable {
  /// `properties.template-rendering-intent`: "template", "original", or nil (Xcode's default,
  /// which renders as the image's own colours unless the code asks for a template).
  public var templateRenderingIntent: String?
  /// `properties.preserves-vector-representation`.
  public var preservesVectorRepresentation: Bool
  /// The image set's `Contents.json`, relative to the audited root.
  public var contentsPath: String
  /// "imageset" or "symbolset".
  public var kind: String

  public init(templateRenderingIntent: String?, preservesVectorRepresentation: Bool, contentsPath: String, kind: String) {
    self.templateRenderingIntent = templateRenderingIntent
    self.preservesVectorRepresentation = preservesVectorRepresentation
    self.contentsPath = contentsPath
    self.kind = kind
  }
}

/// Reads Xcode asset catalog entries: `*.imageset` and `*.symbolset` folders with a
/// `Contents.json`.
///
/// - The icon's name is the set's folder name without its extension; its id keeps the group
///   folders (`App.xcassets/TabBar/voicemail`), so groups are families.
/// - Images come from `images[].filename` with `scale` ("1x", "2x", "3x") and `idiom`; only the
///   `universal` and `iphone` idioms are read (bar icons of other idioms are other families).
///   An image without a scale is a vector (PDF or SVG) rendered at the scale asked for.
/// - A malformed `Contents.json`, a missing file, or a file name that leaves the set (`../x.png`,
///   an absolute path, a symbolic link out of it) is reported as an issue naming the file; the
///   rest of the catalog is still read.
public enum AssetCatalog {
  static let setExtensions = ["imageset", "symbolset"]
  /// Catalog folders that hold no bar icons; skipped without a word.
  static let ignoredExtensions = ["appiconset", "colorset", "dataset", "launchimage", "imagestack",
                                  "brandassets", "complicationset", "arimageset", "textureset", "cubetextureset",
                                  "spriteatlas", "iconset", "stickerpack", "solidimagestack"]

  static func setKind(_ directoryName: String) -> String? {
    let ext = (directoryName as NSString).pathExtension.lowercased()
    return setExtensions.contains(ext) ? ext : nil
  }

  static func isIgnored(_ directoryName: String) -> Bool {
    ignoredExtensions.contains((directoryName as NSString).pathExtension.lowercased())
  }

  /// What a set's `Contents.json` says, parsed from its bytes without touching the file system.
  public struct SetContents: Sendable, Equatable {
    /// One `images[]` (or `symbols[]`) entry that names a file of a read idiom.
    public struct Entry: Sendable, Equatable {
      public var index: Int
      public var filename: String
      /// The file's kind and scale, or why the entry cannot be read (reported once the file is
      /// known to exist).
      public var kind: IconFileKind?
      public var scale: Int?
      public var problem: String?
    }
    public var templateRenderingIntent: String?
    public var preservesVectorRepresentation: Bool
    public var entries: [Entry]
    /// Problems that concern the document or one entry, without the file's name.
    public var issues: [String]
  }

  /// Largest `Contents.json` read, in bytes; Xcode's are a few hundred.
  public static let maxContentsBytes = 1 << 20

  /// Parses a set's `Contents.json`. Returns the problem instead when nothing can be read from it
  /// (not JSON, not an object, no `images` array). Never touches the file system; safe on any bytes.
  public static func parseContents(_ bytes: [UInt8], kind: String) -> Result<SetContents, ContentsError> {
    let object: [String: Any]
    do {
      guard let parsed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
        return .failure(ContentsError("Contents.json is not a JSON object"))
      }
      object = parsed
    } catch {
      return .failure(ContentsError("Contents.json is not valid JSON"))
    }
    var issues: [String] = []
    let properties = object["properties"] as? [String: Any]
    if object["properties"] != nil && properties == nil { issues.append("'properties' is not an object") }
    let intent = properties?["template-rendering-intent"] as? String
    let preserves = (properties?["preserves-vector-representation"] as? Bool) ?? false

    let key = kind == "symbolset" ? "symbols" : "images"
    guard let images = object[key] as? [Any] else {
      return .failure(ContentsError("'\(key)' is missing or not an array"))
    }
    var entries: [SetContents.Entry] = []
    for (index, element) in images.enumerated() {
      guard let image = element as? [String: Any] else {
        issues.append("\(key)[\(index)] is not an object")
        continue
      }
      guard let filename = image["filename"] else { continue }  // an empty slot Xcode keeps
      guard let filename = filename as? String, !filename.isEmpty else {
        issues.append("\(key)[\(index)].filename is not a string")
        continue
      }
      let idiom = image["idiom"] as? String ?? "universal"
      guard ["universal", "iphone"].contains(idiom) else { continue }
      if filename.hasPrefix("/") || filename.contains("/") || filename == ".." || filename == "." || filename.contains("\0") {
        issues.append("\(key)[\(index)].filename '\(filename)' points outside the \(kind); not read")
        continue
      }
      var entry = SetContents.Entry(index: index, filename: filename)
      if filename == "Contents.json" {
        entry.problem = "\(key)[\(index)].filename 'Contents.json' names the set's own description, not an image"
      } else if let fileKind = IconFileKind(pathExtension: (filename as NSString).pathExtension) {
        entry.kind = fileKind
        if let raw = image["scale"] {
          if let text = raw as? String, text.hasSuffix("x"), let n = Int(text.dropLast()), (1...3).contains(n) {
            entry.scale = n
          } else {
            entry.kind = nil
            entry.problem = "\(key)[\(index)].scale '\(describe(raw))' is not 1x, 2x or 3x"
          }
        }
        if fileKind == .png && entry.scale == nil { entry.scale = 1 }
        if fileKind.isVector { entry.scale = nil }
      } else {
        entry.problem = "\(key)[\(index)].filename '\(filename)' is not a PNG, PDF or SVG"
      }
      entries.append(entry)
    }
    return .success(SetContents(templateRenderingIntent: intent, preservesVectorRepresentation: preserves,
                                entries: entries, issues: issues))
  }

  /// Why a `Contents.json` could not be read at all.
  public struct ContentsError: Error, Sendable, Equatable {
    public var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// A JSON value as a short string for a message (a hostile value may be large).
  static func describe(_ value: Any) -> String {
    let text = "\(value)"
    return text.count > 40 ? String(text.prefix(40)) + "…" : text
  }

  /// Reads one set folder. `relative` is its path relative to the audited root.
  static func readSet(directory: String, relative: String, kind: String, limit: Int = maxContentsBytes)
    -> (icon: DiscoveredIcon?, issues: [DiscoveryIssue])
  {
    let contents = directory + "/Contents.json"
    let contentsRelative = relative + "/Contents.json"
    func issue(_ reason: String) -> DiscoveryIssue {
      DiscoveryIssue(path: contents, reason: reason, relativePath: contentsRelative)
    }
    let name = ((PathText.lastComponent(relative)) as NSString).deletingPathExtension
    let id = PathText.parent(relative).isEmpty ? name : PathText.parent(relative) + "/" + name

    let parsed: SetContents
    do {
      let bytes = try readFileBytes(path: contents, limit: limit)
      switch parseContents(bytes, kind: kind) {
      case .success(let value): parsed = value
      case .failure(let error): return (nil, [issue(error.reason)])
      }
    } catch {
      if case .unreadableFile(_, let reason) = error, reason == "no such file" {
        return (nil, [issue("missing Contents.json: the \(kind) is not an asset Xcode can read")])
      }
      return (nil, [issue(error.reason)])
    }

    var issues = parsed.issues.map { issue($0) }
    var files: [IconFile] = []
    let setRoot = canonical(directory)
    let key = kind == "symbolset" ? "symbols" : "images"
    for entry in parsed.entries {
      let path = directory + "/" + entry.filename
      guard FileManager.default.fileExists(atPath: path) else {
        issues.append(issue("\(key)[\(entry.index)].filename '\(entry.filename)' does not exist"))
        continue
      }
      guard canonical(path).hasPrefix(setRoot + "/") else {
        issues.append(issue("\(key)[\(entry.index)].filename '\(entry.filename)' links outside the \(kind); not read"))
        continue
      }
      guard let fileKind = entry.kind else {
        issues.append(issue(entry.problem ?? "\(key)[\(entry.index)] cannot be read"))
        continue
      }
      files.append(IconFile(path: path, relativePath: relative + "/" + entry.filename, kind: fileKind, scale: entry.scale))
    }
    guard !files.isEmpty else {
      if issues.isEmpty { issues.append(issue("the \(kind) names no image file")) }
      return (nil, issues)
    }
    let sorted = files.sorted { ($0.kind == .png ? ($0.scale ?? 1) : 100, $0.relativePath) < ($1.kind == .png ? ($1.scale ?? 1) : 100, $1.relativePath) }
    var icon = DiscoveredIcon(id: id, name: name, files: sorted)
    icon.catalog = CatalogInfo(templateRenderingIntent: parsed.templateRenderingIntent,
                               preservesVectorRepresentation: parsed.preservesVectorRepresentation,
                               contentsPath: contentsRelative, kind: kind)
    return (icon, issues)
  }

  static func canonical(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
