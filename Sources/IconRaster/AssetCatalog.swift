// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconSupport

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
/// - Every `images[]` entry is read with what Xcode chooses it by: `idiom`, `scale`, `subtype`,
///   `screen-width`, `width-class`/`height-class`, `appearances` (luminosity, contrast), `locale`,
///   `display-gamut`, `language-direction`. Entries alike but for their scale are one *variant* of
///   the image; the audited icon is one variant of an audited idiom (``defaultIdioms`` unless told):
///   the one with the fewest traits (the "Any" slot, not its dark, compact or P3 siblings), of
///   idiom `iphone`, else `universal`, else `ipad`, else the others in ``knownIdioms`` order.
///   Its files are the icon's scales; the other variants are not scales and are not compared.
/// - A slot without a file is normal (Xcode writes every slot). A set with files only for idioms
///   not audited, only photos (JPEG, HEIC: recognised by their bytes), or no file at all, is
///   skipped with the reason (``SkippedSet``), not unreadable.
/// - An image file's type is read from its first bytes (a PNG named `.jpg` is read as a PNG).
///   An image without a scale is a vector (PDF or SVG) rendered at the scale asked for.
/// - A malformed `Contents.json`, a missing file, or a file name that leaves the set (`../x.png`,
///   an absolute path, a symbolic link out of it) is reported as an issue naming the file, with
///   what Xcode would do; the rest of the catalog is still read.
/// - Folders of other asset types (`.colorset`, `.appiconset`, `.spriteatlas`, …, and inside a
///   catalog any folder whose extension is a word) are skipped without a word: they hold no bar
///   icon (``isIgnored(_:inCatalog:)``).
public enum AssetCatalog {
  static let setExtensions = ["imageset", "symbolset"]
  /// Catalog folders that hold no bar icons; skipped without a word.
  static let ignoredExtensions: Set<String> = [
    "appiconset", "colorset", "dataset", "launchimage", "imagestack", "imagestacklayer", "brandassets",
    "complicationset", "arimageset", "arresourcegroup", "textureset", "cubetextureset", "mipmapset",
    "spriteatlas", "iconset", "stickerpack", "stickersequence", "sticker", "solidimagestack",
    "solidimagestacklayer", "mlmodel", "mlpackage", "gcdashboardimage", "gcleaderboard", "gcleaderboardset",
    "gcachievement", "appicon", "icon",
  ]

  /// The idioms an `idiom` may name (Xcode's), in the order a set's variants are preferred after
  /// `iphone`, `universal`, `ipad`.
  public static let knownIdioms = ["universal", "iphone", "ipad", "mac", "watch", "tv", "car", "vision", "marketing"]
  /// The idioms audited by default: iOS's.
  public static let defaultIdioms = ["universal", "iphone", "ipad"]

  static func setKind(_ directoryName: String) -> String? {
    let ext = (directoryName as NSString).pathExtension.lowercased()
    return setExtensions.contains(ext) ? ext : nil
  }

  /// Whether a folder is an asset of a type that holds no bar icon. Inside a catalog, a folder with
  /// an extension that is a word (letters only) is an asset type, known or not (Xcode's groups are
  /// folders without one); elsewhere only the known types are.
  static func isIgnored(_ directoryName: String, inCatalog: Bool = false) -> Bool {
    let ext = (directoryName as NSString).pathExtension.lowercased()
    if ignoredExtensions.contains(ext) { return true }
    guard inCatalog, !ext.isEmpty, setKind(directoryName) == nil, ext != "xcassets" else { return false }
    return ext.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
  }

  /// What a set's `Contents.json` says, parsed from its bytes without touching the file system.
  public struct SetContents: Sendable, Equatable {
    /// One `images[]` (or `symbols[]`) entry that names a file of a read idiom.
    public struct Entry: Sendable, Equatable {
      public var index: Int
      public var filename: String
      /// The file's kind (from its extension; its bytes decide once it is read) and scale, or why
      /// the entry cannot be read (reported once the file is known to exist).
      public var kind: IconFileKind?
      public var scale: Int?
      public var problem: String?
      /// `idiom` (`universal` when absent or not a string).
      public var idiom: String = "universal"
      /// What else the entry is chosen by, as `key value` (`height-class compact`,
      /// `luminosity dark`), sorted; empty for the plain slot. `display-gamut sRGB` and
      /// `language-direction left-to-right` are the plain slot's and are left out.
      public var traits: [String] = []
      /// Whether the extension says it is a photo or another image type iconaudit does not read
      /// (`kind` is nil, `problem` says so); its bytes decide.
      public var otherImageType: Bool = false
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
      if filename.hasPrefix("/") || filename.contains("/") || filename == ".." || filename == "." || filename.contains("\0") {
        issues.append("\(key)[\(index)].filename '\(filename)' points outside the \(kind); not read")
        continue
      }
      var entry = SetContents.Entry(index: index, filename: filename, idiom: idiom, traits: traits(of: image))
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
        entry.otherImageType = true
      }
      entries.append(entry)
    }
    return .success(SetContents(templateRenderingIntent: intent, preservesVectorRepresentation: preserves,
                                entries: entries, issues: issues))
  }

  /// The keys of an `images[]` entry that choose it besides its idiom and scale.
  static let traitKeys = ["subtype", "screen-width", "width-class", "height-class", "locale", "display-gamut",
                          "language-direction", "memory", "graphics-feature-set"]

  /// An entry's traits, `key value` sorted (see ``SetContents/Entry/traits``).
  static func traits(of image: [String: Any]) -> [String] {
    var traits: [String] = []
    for key in traitKeys {
      guard let value = image[key] else { continue }
      let text = value as? String ?? describe(value)
      if (key == "display-gamut" && text.lowercased() == "srgb") || (key == "language-direction" && text == "left-to-right") {
        continue
      }
      traits.append("\(key) \(text)")
    }
    if let appearances = image["appearances"] {
      for appearance in appearances as? [Any] ?? [appearances] {
        if let pair = appearance as? [String: Any], let name = pair["appearance"] as? String {
          traits.append("\(name) \((pair["value"] as? String) ?? describe(pair["value"] ?? ""))")
        } else {
          traits.append("appearance \(describe(appearance))")
        }
      }
    }
    return traits.sorted()
  }

  /// The entries of the variant audited among `entries` (all readable, of audited idioms): the
  /// group alike but for scale with the fewest traits (a dark one after a light one), then by
  /// idiom (`iphone`, `universal`, `ipad`, then ``knownIdioms`` order, then others), then by
  /// first place in the document.
  /// - Complexity: O(n log n) for n entries.
  public static func auditedVariant(_ entries: [SetContents.Entry]) -> [SetContents.Entry] {
    let preferred = ["iphone", "universal", "ipad"] + knownIdioms
    func rank(_ entry: SetContents.Entry) -> (Int, Int, Int) {
      (entry.traits.count, entry.traits.filter { $0.hasSuffix(" dark") }.count,
       preferred.firstIndex(of: entry.idiom) ?? preferred.count)
    }
    guard let first = entries.min(by: { a, b in
      let (ra, rb) = (rank(a), rank(b))
      return ra != rb ? ra < rb : a.index < b.index
    }) else { return [] }
    return entries.filter { $0.idiom == first.idiom && $0.traits == first.traits }
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

  /// What reading one set folder gave: the icon (its audited variant), or why the set is skipped,
  /// and the problems met (each names the file).
  struct SetReading {
    var icon: DiscoveredIcon?
    var skipped: SkippedSet?
    var issues: [DiscoveryIssue]
  }

  /// Reads one set folder. `relative` is its path relative to the audited root; `idioms` are the
  /// idioms audited.
  /// - Complexity: O(entries) file checks, and the first bytes of each file of an audited idiom.
  static func readSet(directory: String, relative: String, kind: String, idioms: Set<String> = Set(defaultIdioms),
                      limit: Int = maxContentsBytes) -> SetReading
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
      case .failure(let error): return SetReading(issues: [issue(error.reason + ": Xcode would fail to compile this catalog")])
      }
    } catch {
      if case .unreadableFile(_, let reason) = error, reason == "no such file" {
        return SetReading(issues: [issue("missing Contents.json: the \(kind) is not an asset Xcode can read")])
      }
      return SetReading(issues: [issue(error.reason)])
    }

    var issues = parsed.issues.map { issue($0) }
    var readable: [SetContents.Entry] = []
    var files: [Int: IconFile] = [:]
    var otherTypes: [String] = []  // photos and other image types, by their bytes
    var otherIdioms: Set<String> = []
    let setRoot = canonical(directory)
    let key = kind == "symbolset" ? "symbols" : "images"
    for entry in parsed.entries {
      let path = directory + "/" + entry.filename
      guard FileManager.default.fileExists(atPath: path) else {
        issues.append(issue("\(key)[\(entry.index)].filename '\(entry.filename)' does not exist: "
                            + "Xcode would fail to compile this catalog (the file named in Contents.json is missing)"))
        continue
      }
      guard canonical(path).hasPrefix(setRoot + "/") else {
        issues.append(issue("\(key)[\(entry.index)].filename '\(entry.filename)' links outside the \(kind); not read"))
        continue
      }
      guard idioms.contains(entry.idiom) else {
        otherIdioms.insert(entry.idiom)
        continue
      }
      var fileKind = entry.kind
      if entry.kind != nil || entry.otherImageType {
        switch ImageSniffer.sniff(path: path) {
        case .png: fileKind = .png
        case .pdf: fileKind = .pdf
        case .otherImage(let type):
          otherTypes.append(type)
          continue
        case .unknown:
          if entry.otherImageType {
            // Named as an image of another type, and its bytes say nothing more.
            otherTypes.append((entry.filename as NSString).pathExtension.uppercased())
            continue
          }
        }
      }
      guard let fileKind else {
        issues.append(issue(entry.problem ?? "\(key)[\(entry.index)] cannot be read"))
        continue
      }
      var scale = entry.scale
      if fileKind == .png && scale == nil { scale = 1 }
      if fileKind.isVector { scale = nil }
      readable.append(entry)
      files[entry.index] = IconFile(path: path, relativePath: relative + "/" + entry.filename, kind: fileKind, scale: scale)
    }
    let chosen = auditedVariant(readable).compactMap { files[$0.index] }
    guard !chosen.isEmpty else {
      guard issues.isEmpty else { return SetReading(issues: issues) }
      let reason: SkippedSet.Reason
      if !otherTypes.isEmpty {
        reason = .otherImages(types: Array(Set(otherTypes)).sorted())
      } else if !otherIdioms.isEmpty {
        reason = .otherIdioms(Array(otherIdioms).sorted())
      } else {
        reason = .noFile
      }
      return SetReading(skipped: SkippedSet(path: relative, reason: reason), issues: [])
    }
    let sorted = chosen.sorted { ($0.kind == .png ? ($0.scale ?? 1) : 100, $0.relativePath) < ($1.kind == .png ? ($1.scale ?? 1) : 100, $1.relativePath) }
    var icon = DiscoveredIcon(id: id, name: name, files: sorted)
    icon.catalog = CatalogInfo(templateRenderingIntent: parsed.templateRenderingIntent,
                               preservesVectorRepresentation: parsed.preservesVectorRepresentation,
                               contentsPath: contentsRelative, kind: kind)
    return SetReading(icon: icon, issues: issues)
  }

  static func canonical(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
