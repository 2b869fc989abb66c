// SPDX-License-Identifier: GPL-3.0-or-later

/// Escaping of text that comes from the inputs (file names, icon ids, messages, configuration)
/// before it enters an HTML document.
///
/// One function serves both contexts the HTML writer uses: element text and quoted attribute
/// values (double or single quotes). It replaces `&`, `<`, `>`, `"` and `'` by character
/// references, and C0/C1 control characters other than tab, line feed and carriage return (which
/// HTML forbids in text, and which a hostile file name may carry) by U+FFFD. It does not make
/// text safe inside `<script>` or `<style>`, in an unquoted attribute, or in a URL attribute:
/// the writer never puts input text there.
///
/// - Complexity: O(n) in the length of the text.
public enum HTMLEscaping {
  /// `text` with `& < > " '` as `&amp; &lt; &gt; &quot; &#39;` and control characters replaced.
  public static func escape(_ text: String) -> String {
    // Fast path: most names need nothing.
    if !text.unicodeScalars.contains(where: needsEscape) { return text }
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default:
        out.unicodeScalars.append(isForbiddenControl(scalar) ? "\u{FFFD}" : scalar)
      }
    }
    return out
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "&", "<", ">", "\"", "'": return true
    default: return isForbiddenControl(scalar)
    }
  }

  private static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v == 0x09 || v == 0x0A || v == 0x0D { return false }
    return v < 0x20 || (v >= 0x7F && v <= 0x9F)
  }
}
