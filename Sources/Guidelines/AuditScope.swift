// SPDX-License-Identifier: GPL-3.0-or-later

/// What an audit looked at, for the summary at the top of every report: the images found, those
/// audited as bar icons, those left out (by reason), the unreadable ones, and notes on folders
/// whose icons were not compared as one family.
///
/// Invariant: `imagesFound == audited + leftOut.count + unreadable` (an image is one icon: a set, or
/// a file with its `@2x`/`@3x` siblings; an unreadable file counts once).
public struct AuditScope: Sendable, Equatable {
  /// Why an image found is not audited as a bar icon.
  public enum Reason: String, Sendable, CaseIterable, Comparable {
    /// Declared by its set: `template-rendering-intent: original` (shown in its own colours).
    case originalRendering
    /// An app icon, or a preview of one (`AppIcon-Dark`, an alternate icon's image set).
    case appIcon
    /// In colour and larger than a bar icon: an illustration, onboarding art, a logo.
    case colourIllustration
    /// In colour at an icon's size (a logo, a badge, a flag): not one template colour.
    case colourImage
    /// One colour, but larger than any bar allows.
    case tooLarge
    /// A canvas smaller than any icon (a colour swatch of a pixel or two, a divider).
    case tooSmall
    /// One opaque colour over (almost) the whole canvas, nothing drawn in it: a button
    /// background, a mask, a fill; not a glyph.
    case solidFill
    /// A photo (JPEG, HEIC): skipped when found.
    case photo
    /// An image type iconaudit does not read (GIF, WebP, …).
    case otherImageType
    /// An asset catalog set made only for idioms not audited (a watch app's, a Mac app's).
    case otherIdioms
    /// An asset catalog set with no image file in any slot.
    case noFile

    /// The reason in words, as the reports show it.
    public var text: String {
      switch self {
      case .originalRendering: "template-rendering-intent: original"
      case .appIcon: "app icon"
      case .colourIllustration: "colour illustration"
      case .colourImage: "colour image"
      case .tooLarge: "larger than any bar allows"
      case .tooSmall: "smaller than any icon"
      case .solidFill: "a solid fill, not a glyph"
      case .photo: "photo"
      case .otherImageType: "image type not read"
      case .otherIdioms: "idiom not audited"
      case .noFile: "no image file"
      }
    }

    /// Whether the reason was decided from the image's pixels and set (not audited as a bar
    /// icon), rather than when it was found (a photo, another idiom, an empty set: skipped).
    public var isJudged: Bool {
      switch self {
      case .originalRendering, .appIcon, .colourIllustration, .colourImage, .tooLarge, .tooSmall, .solidFill: true
      case .photo, .otherImageType, .otherIdioms, .noFile: false
      }
    }

    public static func < (a: Reason, b: Reason) -> Bool {
      allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
  }

  /// An image found and not audited as a bar icon.
  public struct LeftOut: Sendable, Equatable {
    /// The report path (the analysed file, or the set folder when nothing was read).
    public var path: String
    public var reason: Reason
    /// A short figure behind the reason (`62×48 pt`, `colour spread 88`), or nil.
    public var detail: String?
    public init(path: String, reason: Reason, detail: String? = nil) {
      self.path = path
      self.reason = reason
      self.detail = detail
    }
  }

  /// A folder whose icons are not one family: what became of it, in one sentence.
  public struct FolderNote: Sendable, Equatable {
    /// The folder (a family name before it was split).
    public var folder: String
    public var text: String
    public init(folder: String, text: String) {
      self.folder = folder
      self.text = text
    }
  }

  public var imagesFound: Int
  /// Audited as bar icons (the report's icons).
  public var audited: Int
  /// Sorted by reason, then path.
  public var leftOut: [LeftOut]
  public var unreadable: Int
  /// Sorted by folder.
  public var folderNotes: [FolderNote]
  /// Whether every image was audited as a bar icon (`--all-images`).
  public var allImages: Bool

  public init(imagesFound: Int, audited: Int, leftOut: [LeftOut] = [], unreadable: Int = 0,
              folderNotes: [FolderNote] = [], allImages: Bool = false) {
    self.imagesFound = imagesFound
    self.audited = audited
    self.leftOut = leftOut.sorted { ($0.reason, $0.path) < ($1.reason, $1.path) }
    self.unreadable = unreadable
    self.folderNotes = folderNotes.sorted { $0.folder.utf8.lexicographicallyPrecedes($1.folder.utf8) }
    self.allImages = allImages
  }

  /// How many images were left out for each reason, in ``Reason`` order, reasons without any
  /// left out.
  public var countsByReason: [(reason: Reason, count: Int)] {
    var counts: [Reason: Int] = [:]
    for item in leftOut { counts[item.reason, default: 0] += 1 }
    return Reason.allCases.compactMap { reason in counts[reason].map { (reason, $0) } }
  }

  /// Not audited as bar icons, judged from the image (``Reason/isJudged``).
  public var notAudited: [LeftOut] { leftOut.filter(\.reason.isJudged) }
  /// Skipped when found (photos, idioms not audited, empty sets, other image types).
  public var skipped: [LeftOut] { leftOut.filter { !$0.reason.isJudged } }

  /// The summary in one line: `2430 images: 812 audited as bar icons, 1164 not audited as bar icons
  /// (446 colour illustration, …), 120 skipped (100 idiom not audited, …), 1 unreadable`.
  public var line: String {
    func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    func reasons(_ items: [LeftOut]) -> String {
      var counts: [Reason: Int] = [:]
      for item in items { counts[item.reason, default: 0] += 1 }
      return counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key.text)" }.joined(separator: ", ")
    }
    var parts = ["\(audited) audited as \(audited == 1 ? "a bar icon" : "bar icons")"]
    let judged = notAudited, skipped = skipped
    if !judged.isEmpty { parts.append("\(judged.count) not audited as \(judged.count == 1 ? "a bar icon" : "bar icons") (\(reasons(judged)))") }
    if !skipped.isEmpty { parts.append("\(skipped.count) skipped (\(reasons(skipped)))") }
    if unreadable > 0 { parts.append("\(unreadable) unreadable") }
    return plural(imagesFound, "image") + " found: " + parts.joined(separator: ", ")
  }
}
