// SPDX-License-Identifier: GPL-3.0-or-later

/// An asset catalog set that holds nothing iconaudit audits, and why. Valid as Xcode reads it:
/// listed, never unreadable.
public struct SkippedSet: Sendable, Hashable {
  public enum Reason: Sendable, Hashable {
    /// Its files are photos or images of another type (`JPEG`, `HEIC`, `GIF`, …, by their bytes).
    case otherImages(types: [String])
    /// Its files are all for idioms not audited (`watch`, `mac`, …).
    case otherIdioms([String])
    /// No slot has a file (Xcode writes every slot; a set may be left empty).
    case noFile

    /// Whether the images are all photos (JPEG, HEIC, AVIF).
    public var isPhoto: Bool {
      if case .otherImages(let types) = self { return types.allSatisfy(ImageSniffer.photoTypes.contains) }
      return false
    }
  }

  /// The set folder, relative to the audited root (as report paths are).
  public var path: String
  public var reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }
}
