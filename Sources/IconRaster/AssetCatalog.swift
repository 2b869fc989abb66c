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

  /// Reads one set folder. `relative` is its path relative to the audited root.
  static func readSet(directory: String, relative: String, kind: String, limit: Int = 1 << 20)
    -> (icon: DiscoveredIcon?, issues: [DiscoveryIssue])
  {
    let contents = directory + "/Contents.json"
    let contentsRelative = relative + "/Contents.json"
    func issue(_ reason: String, _ path: String = contents) -> DiscoveryIssue { DiscoveryIssue(path: path, reason: reason) }
    let name = ((PathText.lastComponent(relative)) as NSString).deletingPathExtension
    let id = PathText.parent(relative).isEmpty ? name : PathText.parent(relative) + "/" + name

    let object: [String: Any]
    do {
      let bytes = try readFileBytes(path: contents, limit: limit)
      guard let parsed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
        return (nil, [issue("Contents.json is not a JSON object")])
      }
      object = parsed
    } catch let error as RasterError {
      if case .unreadableFile(_, let reason) = error, reason == "no such file" {
        return (nil, [issue("missing Contents.json: the \(kind) is not an asset Xcode can read")])
      }
      return (nil, [issue(error.reason)])
    } catch {
      return (nil, [issue("Contents.json is not valid JSON")])
    }

    var issues: [DiscoveryIssue] = []
    var files: [IconFile] = []
    let properties = object["properties"] as? [String: Any]
    if object["properties"] != nil && properties == nil { issues.append(issue("'properties' is not an object")) }
    let intent = properties?["template-rendering-intent"] as? String
    let preserves = (properties?["preserves-vector-representation"] as? Bool) ?? false

    let key = kind == "symbolset" ? "symbols" : "images"
    guard let images = object[key] as? [Any] else {
      return (nil, [issue("'\(key)' is missing or not an array")])
    }
    let setRoot = canonical(directory)
    for (index, element) in images.enumerated() {
      guard let image = element as? [String: Any] else {
        issues.append(issue("\(key)[\(index)] is not an object"))
        continue
      }
      guard let filename = image["filename"] else { continue }  // an empty slot Xcode keeps
      guard let filename = filename as? String, !filename.isEmpty else {
        issues.append(issue("\(key)[\(index)].filename is not a string"))
        continue
      }
      let idiom = image["idiom"] as? String ?? "universal"
      guard ["universal", "iphone"].contains(idiom) else { continue }
      if filename.hasPrefix("/") || filename.split(separator: "/").contains("..") || filename.contains("/") {
        issues.append(issue("\(key)[\(index)].filename '\(filename)' points outside the \(kind); not read"))
        continue
      }
      let path = directory + "/" + filename
      guard FileManager.default.fileExists(atPath: path) else {
        issues.append(issue("\(key)[\(index)].filename '\(filename)' does not exist"))
        continue
      }
      guard canonical(path).hasPrefix(setRoot + "/") else {
        issues.append(issue("\(key)[\(index)].filename '\(filename)' links outside the \(kind); not read"))
        continue
      }
      guard let fileKind = IconFileKind(pathExtension: (filename as NSString).pathExtension) else {
        issues.append(issue("\(key)[\(index)].filename '\(filename)' is not a PNG, PDF or SVG"))
        continue
      }
      var scale: Int?
      if let raw = image["scale"] {
        guard let text = raw as? String, let n = Int(text.dropLast()), text.hasSuffix("x"), (1...3).contains(n) else {
          issues.append(issue("\(key)[\(index)].scale '\(raw)' is not 1x, 2x or 3x"))
          continue
        }
        scale = n
      }
      if fileKind == .png && scale == nil { scale = 1 }
      if fileKind.isVector { scale = nil }
      files.append(IconFile(path: path, relativePath: relative + "/" + filename, kind: fileKind, scale: scale))
    }
    guard !files.isEmpty else {
      if issues.isEmpty { issues.append(issue("the \(kind) names no image file")) }
      return (nil, issues)
    }
    let sorted = files.sorted { ($0.kind == .png ? ($0.scale ?? 1) : 100, $0.relativePath) < ($1.kind == .png ? ($1.scale ?? 1) : 100, $1.relativePath) }
    var icon = DiscoveredIcon(id: id, name: name, files: sorted)
    icon.catalog = CatalogInfo(templateRenderingIntent: intent, preservesVectorRepresentation: preserves,
                               contentsPath: contentsRelative, kind: kind)
    return (icon, issues)
  }

  static func canonical(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
