// SPDX-License-Identifier: GPL-3.0-or-later

/// What a `DecodingError` says about a JSON file, in the words of its schema: the key path as it
/// would be written in JavaScript (`icons[3].metrics.strokeWeightPt`) and what is wrong there
/// (`is missing`, `is not a number`, `is null`). Baselines and snapshots are decoded into
/// `Decodable` types of their schema; this is how their refusals name the key.
public enum JSONDecodingProblem {
  /// The problem of `error` (a `DecodingError`; anything else is "unreadable"), without the file:
  /// Whether `error` is about the document as a whole (not JSON, or a top level of the wrong
  /// kind) rather than about one of its keys.
  public static func isAboutTheWholeDocument(_ error: any Error) -> Bool {
    switch error as? DecodingError {
    case .dataCorrupted(let context)?, .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      return context.codingPath.isEmpty
    case .keyNotFound?: return false
    default: return true
    }
  }

  /// `icons[3].metrics.strokeWeightPt is missing`, `findings[0].severity is not a string`,
  /// `not valid JSON`, `the top level is not a JSON object`.
  public static func describe(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .keyNotFound(let key, let context)?:
      return "\(keyPath(context.codingPath + [key])) is missing"
    case .valueNotFound(_, let context)?:
      return "\(keyPath(context.codingPath)) is null"
    case .typeMismatch(let type, let context)?:
      let what = "is not \(kind(type))"
      return context.codingPath.isEmpty ? "the top level \(what)" : "\(keyPath(context.codingPath)) \(what)"
    case .dataCorrupted(let context)?:
      return context.codingPath.isEmpty ? "not valid JSON" : "\(keyPath(context.codingPath)) has a bad value"
    default:
      return "unreadable"
    }
  }

  /// `icons[3].metrics.strokeWeightPt`: object keys joined by dots, array positions in brackets.
  public static func keyPath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text.isEmpty ? "the top level" : text
  }

  /// The JSON kind a Swift type is decoded from: `a number`, `a string`, `an object`.
  static func kind(_ type: Any.Type) -> String {
    switch type {
    case is Bool.Type: "true or false"
    case is String.Type: "a string"
    case is Int.Type: "an integer"
    case is Double.Type, is Float.Type: "a number"
    case is [Any].Type: "an array"
    case is [String: Any].Type: "a JSON object"
    default: "of the right type"
    }
  }
}
