// SPDX-License-Identifier: GPL-3.0-or-later

/// `/`-separated path arithmetic on plain strings.
///
/// Not `NSString`'s path methods: on swift-corelibs-foundation (Swift 6.3, Linux)
/// `("x" as NSString).deletingLastPathComponent` crashes with an illegal instruction for a
/// one-character string (an icon named `x` is enough).
public enum PathText {
  /// Everything before the last `/` ("" when there is none; "/" for a top-level absolute path).
  public static func parent(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.utf8.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }

  /// The part after the last `/`.
  public static func lastComponent(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.utf8.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
    return String(trimmed[trimmed.index(after: slash)...])
  }
}
