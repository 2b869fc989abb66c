// SPDX-License-Identifier: GPL-3.0-or-later

/// Encodes any `Encodable` value into a `JSONValue`, so that the report's JSON is written by one
/// deterministic serialiser. Optionals that are nil are omitted (like `JSONEncoder`).
public struct JSONValueEncoder {
  public init() {}

  public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let box = _Box()
    try encodeLeaf(value, into: box, codingPath: [])
    return box.resolved()
  }
}

/// A mutable slot the nested containers write into.
private final class _Box {
  var value: JSONValue?
  /// An object's members in the order written (a key written again replaces its earlier value):
  /// values (numbers, strings) as they are, containers as boxes. Hashed once, when resolved.
  var members: [(key: String, member: Member)] = []
  var array: [_Box] = []
  enum Kind { case unset, single, object, array }
  var kind = Kind.unset

  enum Member {
    case value(JSONValue)
    case box(_Box)

    var resolved: JSONValue {
      switch self {
      case .value(let value): value
      case .box(let box): box.resolved()
      }
    }
  }

  /// A member that is a container or is encoded by its own `encode(to:)`.
  func child(forKey key: String) -> _Box {
    let child = _Box()
    members.append((key, .box(child)))
    return child
  }

  func resolved() -> JSONValue {
    switch kind {
    case .unset: return value ?? .object([:])
    case .single: return value ?? .null
    case .object: return .object(Dictionary(members.lazy.map { ($0.key, $0.member.resolved) }, uniquingKeysWith: { $1 }))
    case .array: return .array(array.map { $0.resolved() })
    }
  }
}

private struct _Encoder: Encoder {
  let box: _Box
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    box.kind = .object
    return KeyedEncodingContainer(_Keyed<Key>(box: box, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    box.kind = .array
    return _Unkeyed(box: box, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    box.kind = .single
    return _Single(box: box, codingPath: codingPath)
  }
}

private func encodeLeaf<T: Encodable>(_ value: T, into box: _Box, codingPath: [any CodingKey]) throws {
  switch value {
  case let v as Bool: box.kind = .single; box.value = .bool(v)
  case let v as String: box.kind = .single; box.value = .string(v)
  case let v as Double: box.kind = .single; box.value = .double(v)
  case let v as Float: box.kind = .single; box.value = .double(Double(v))
  case let v as Int: box.kind = .single; box.value = .int(v)
  case let v as Int32: box.kind = .single; box.value = .int(Int(v))
  case let v as Int64: box.kind = .single; box.value = .int(Int(v))
  case let v as UInt8: box.kind = .single; box.value = .int(Int(v))
  case let v as UInt32: box.kind = .single; box.value = .int(Int(v))
  case let v as JSONValue: box.kind = .single; box.value = v
  default: try value.encode(to: _Encoder(box: box, codingPath: codingPath))
  }
}

private struct _Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let box: _Box
  var codingPath: [any CodingKey]

  private func child(_ key: Key) -> _Box { box.child(forKey: key.stringValue) }

  mutating func encodeNil(forKey key: Key) throws { box.members.append((key.stringValue, .value(.null))) }
  // The common values are stored directly (no box, no dynamic cast), as `encodeLeaf` would.
  mutating func encode(_ value: Bool, forKey key: Key) throws { box.members.append((key.stringValue, .value(.bool(value)))) }
  mutating func encode(_ value: String, forKey key: Key) throws { box.members.append((key.stringValue, .value(.string(value)))) }
  mutating func encode(_ value: Double, forKey key: Key) throws { box.members.append((key.stringValue, .value(.double(value)))) }
  mutating func encode(_ value: Int, forKey key: Key) throws { box.members.append((key.stringValue, .value(.int(value)))) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try encodeLeaf(value, into: child(key), codingPath: codingPath + [key])
  }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let c = child(key)
    c.kind = .object
    return KeyedEncodingContainer(_Keyed<NestedKey>(box: c, codingPath: codingPath + [key]))
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let c = child(key)
    c.kind = .array
    return _Unkeyed(box: c, codingPath: codingPath + [key])
  }
  mutating func superEncoder() -> any Encoder { _Encoder(box: box, codingPath: codingPath) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { _Encoder(box: child(key), codingPath: codingPath + [key]) }
}

private struct _Unkeyed: UnkeyedEncodingContainer {
  let box: _Box
  var codingPath: [any CodingKey]
  var count: Int { box.array.count }

  private func next() -> _Box {
    let c = _Box()
    box.array.append(c)
    return c
  }

  mutating func encodeNil() throws { let c = next(); c.kind = .single; c.value = .null }
  mutating func encode<T: Encodable>(_ value: T) throws { try encodeLeaf(value, into: next(), codingPath: codingPath) }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let c = next()
    c.kind = .object
    return KeyedEncodingContainer(_Keyed<NestedKey>(box: c, codingPath: codingPath))
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let c = next()
    c.kind = .array
    return _Unkeyed(box: c, codingPath: codingPath)
  }
  mutating func superEncoder() -> any Encoder { _Encoder(box: next(), codingPath: codingPath) }
}

private struct _Single: SingleValueEncodingContainer {
  let box: _Box
  var codingPath: [any CodingKey]
  mutating func encodeNil() throws { box.value = .null }
  mutating func encode<T: Encodable>(_ value: T) throws { try encodeLeaf(value, into: box, codingPath: codingPath) }
}
