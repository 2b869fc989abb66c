// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Tells an image file's type from its first bytes, as Xcode's image reading does (a PNG named
/// `.jpg` is a PNG; a JPEG named `.png` is a photo).
///
/// Signatures: PNG `89 50 4E 47 0D 0A 1A 0A`; PDF `%PDF-` within the first 1024 bytes; JPEG
/// `FF D8 FF`; HEIF/HEIC/AVIF an ISO box `ftyp` at byte 4 with brand `heic`, `heix`, `hevc`,
/// `hevx`, `heim`, `heis`, `mif1`, `msf1` or `avif`; GIF `GIF8`; TIFF `II*\0` or `MM\0*`; WebP
/// `RIFF····WEBP`; BMP `BM`. SVG is text and is not recognised here (its extension says it).
public enum ImageSniffer {
  public enum Kind: Sendable, Equatable {
    case png, pdf
    /// A photo or another image type iconaudit does not read: `JPEG`, `HEIC`, `AVIF`, `GIF`,
    /// `TIFF`, `WebP`, `BMP`.
    case otherImage(String)
    /// None of the above (an SVG, a damaged file, or text).
    case unknown
  }

  /// The types that are photos (a camera's or a photo library's).
  public static let photoTypes: Set<String> = ["JPEG", "HEIC", "AVIF"]

  /// Reads the first 1024 bytes of `path` (nothing when it cannot be opened: `.unknown`, and the
  /// decoder names the problem).
  /// - Complexity: O(1): one open and one read of at most 1 KiB.
  public static func sniff(path: String) -> Kind {
    // A FIFO or device would block or never end: only regular files are opened.
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      let handle = FileHandle(forReadingAtPath: path) else { return .unknown }
    defer { try? handle.close() }
    let data = (try? handle.read(upToCount: 1024)) ?? Data()
    return sniff(Array(data))
  }

  /// The type of an image from its first bytes (at least 12 for HEIF and WebP; 1024 for PDF).
  public static func sniff(_ bytes: [UInt8]) -> Kind {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
    }
    func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if starts([0xFF, 0xD8, 0xFF]) { return .otherImage("JPEG") }
    if starts(ascii("ftyp"), at: 4), bytes.count >= 12 {
      let brand = String(decoding: bytes[8..<12], as: UTF8.self)
      if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return .otherImage("HEIC") }
      if brand == "avif" || brand == "avis" { return .otherImage("AVIF") }
    }
    if starts(ascii("GIF8")) { return .otherImage("GIF") }
    if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .otherImage("TIFF") }
    if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return .otherImage("WebP") }
    if starts(ascii("%PDF-")) { return .pdf }
    // A PDF may start with a few bytes of junk before its header (readers accept up to 1024).
    let header = ascii("%PDF-")
    if bytes.count >= header.count {
      for offset in 1...(bytes.count - header.count) where bytes[offset] == 0x25 && starts(header, at: offset) { return .pdf }
    }
    if starts(ascii("BM")) && bytes.count >= 14 { return .otherImage("BMP") }
    return .unknown
  }
}
