// SPDX-License-Identifier: GPL-3.0-or-later

/// Pairs the two states of tab bar items by name.
///
/// An icon is the selected state of item `star` when its name is `star` plus one of the
/// selected suffixes (`star-selected`, `star.fill`, …) and an icon `star` exists in the same
/// folder. Without its unselected twin, `bookmark-fill` is an icon of its own. Asset catalog
/// image sets pair the same way (`voicemail` and `voicemail-selected` image sets).
///
/// A suffix that starts with a separator (space, `_`, `-` or `.`) stands for its word after any
/// of the four, in any case: `-selected` pairs `Pre-Meal Selected`, `star_selected` and
/// `home.SELECTED` with `Pre-Meal`, `star` and `home` (apps name their states all these ways).
/// A suffix without a leading separator (`Selected`, for `homeSelected`) is matched as written,
/// in any case. The unselected name must exist exactly as it is written in the selected one.
public enum StatePairing {
  /// The separators a selected suffix may start with, each standing for all of them.
  static let separators: Set<Character> = [" ", "_", "-", "."]

  /// - Complexity: O(n · s) suffix comparisons for n icons and s suffixes, plus a set of the ids.
  public static func assign(_ icons: [AuditIcon], suffixes: [String]) -> [AuditIcon] {
    let ids = Set(icons.map(\.id))
    // Longest suffix first, so ".fill" does not cut "-selected.fill" short.
    let ordered = suffixes.sorted { $0.count > $1.count }.map(Suffix.init)
    return icons.map { icon in
      var icon = icon
      // The id lower-cased once for all the suffixes.
      let name = Name(icon.id)
      for suffix in ordered {
        guard let base = base(of: name, suffix: suffix), ids.contains(base), !base.hasSuffix("/") else { continue }
        icon.state = .selected
        icon.itemId = base
        break
      }
      return icon
    }
  }

  /// The name `id` would be the selected state of under `suffix` (nil when it does not end so).
  static func base(of id: String, suffix: String) -> String? {
    base(of: Name(id), suffix: Suffix(suffix))
  }

  /// An id with its lower-cased characters, made once for all the suffixes.
  struct Name {
    var id: String
    var count: Int
    var lowered: [Character]
    /// The lower-cased bytes of an id of printable ASCII (where each byte is a Character, and
    /// lower-casing keeps the length); nil for any other id (then `lowered` is used).
    var asciiLowered: [UInt8]?
    init(_ id: String) {
      self.id = id
      if let bytes = StatePairing.printableASCII(id) {
        count = bytes.count
        asciiLowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        lowered = []
      } else {
        count = id.count
        lowered = Array(id.lowercased())
      }
    }
  }

  /// A suffix as ``base(of:suffix:)`` compares it, made once for all the icons.
  struct Suffix {
    var text: String
    var count: Int
    /// Starts with a separator: its word, lower-cased; else nil.
    var word: [Character]?
    /// Without a leading separator: the suffix lower-cased.
    var literal: [Character]
    /// False for an empty suffix (which names no state).
    var isEmpty: Bool
    init(_ suffix: String) {
      text = suffix
      count = suffix.count
      isEmpty = suffix.isEmpty
      word = suffix.first.map(StatePairing.separators.contains) == true
        ? Array(suffix.drop(while: { StatePairing.separators.contains($0) }).lowercased()) : nil
      literal = Array(suffix.lowercased())
      asciiWord = word.flatMap { StatePairing.printableASCII(String($0)) }
      asciiLiteral = StatePairing.printableASCII(String(literal))
    }
    /// `word` and `literal` as bytes when they are printable ASCII (compared with an ASCII id's
    /// bytes); nil otherwise.
    var asciiWord: [UInt8]?
    var asciiLiteral: [UInt8]?
  }

  /// The UTF-8 bytes of `text` when they are all printable ASCII (0x20–0x7E), else nil.
  static func printableASCII(_ text: String) -> [UInt8]? {
    let bytes = Array(text.utf8)
    return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes : nil
  }

  static func base(of name: Name, suffix: Suffix) -> String? {
    guard !suffix.isEmpty else { return nil }
    if let lowered = name.asciiLowered, suffix.word == nil ? suffix.asciiLiteral != nil : suffix.asciiWord != nil {
      // An ASCII id and an ASCII suffix: their bytes are their Characters.
      if suffix.word != nil {
        guard let word = suffix.asciiWord, !word.isEmpty, lowered.count > word.count + 1,
              lowered.suffix(word.count).elementsEqual(word),
              [UInt8(ascii: " "), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: ".")].contains(lowered[lowered.count - word.count - 1])
        else { return nil }
        return String(name.id.dropLast(word.count + 1))
      }
      guard let literal = suffix.asciiLiteral, lowered.count > literal.count, lowered.suffix(literal.count).elementsEqual(literal)
      else { return nil }
      return String(name.id.dropLast(literal.count))
    }
    // A suffix that is not ASCII may still equal ASCII Characters (U+037E is `;`): compared as
    // Characters, an ASCII id's lower-cased too.
    let id = name.id, lowered = name.asciiLowered.map { Array(String(decoding: $0, as: UTF8.self)) } ?? name.lowered
    guard lowered.count == name.count else {
      // Lower-casing changed the length (a rare letter): compare as written.
      return id.hasSuffix(suffix.text) && name.count > suffix.count ? String(id.dropLast(suffix.count)) : nil
    }
    if let word = suffix.word {
      guard !word.isEmpty, lowered.count > word.count + 1, lowered.suffix(word.count).elementsEqual(word),
        separators.contains(lowered[lowered.count - word.count - 1])
      else { return nil }
      return String(id.dropLast(word.count + 1))
    }
    let literal = suffix.literal
    guard lowered.count > literal.count, lowered.suffix(literal.count).elementsEqual(literal) else { return nil }
    return String(id.dropLast(literal.count))
  }
}
