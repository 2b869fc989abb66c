// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines

/// What one of a history's audits carries over to the next audit in the same work folder
/// (``GitWorkFolder``): the facts of the audit that depend on names and the configuration only,
/// never on a file's bytes, so that a revision that changed only bytes (the usual release) does not
/// work them out again for every icon.
///
/// - Each path's role and whether a role pattern (or `--role`) declared it
///   (``AuditConfiguration/role(forRelativePath:rootName:)``), asked three times an icon an audit
///   (its symbol size while measuring, the bar-icon scope, the rules' icon).
/// - The selected-state pairing (``StatePairing/assign(_:suffixes:)``): a function of the ids and
///   the suffixes alone, kept for the same ids in the same order.
///
/// Everything is forgotten when an audit starts under another configuration or root name
/// (``begin(configuration:rootName:)``). Only audits without app code use it (the code's roles
/// and families are the code's). What it gives is what the audit would work out (a test compares a
/// history with each revision audited on its own).
///
/// Thread-safe: the measuring threads ask for roles at once.
/// - Complexity: O(1) a role once known (a dictionary lookup under a lock); O(n) a pairing kept
///   (the ids compared).
final class AuditCarryOver: @unchecked Sendable {
  /// A path's role, and whether the configuration declared it (`--role` or a role pattern).
  struct PathRole: Sendable {
    var role: IconRole
    var declared: Bool
  }

  private let lock = NSLock()
  private var configuration: AuditConfiguration?
  private var rootName: String?
  private var roles: [String: PathRole] = [:]
  /// The ids of the last pairing, its suffixes, and the selected states among them (index → item).
  private var pairing: (ids: [String], suffixes: [String], selected: [Int: String])?

  init() {}

  /// Called as an audit starts: what was carried over under another configuration or root name
  /// is forgotten.
  func begin(configuration: AuditConfiguration, rootName: String?) {
    lock.lock()
    defer { lock.unlock() }
    guard self.configuration != configuration || self.rootName != rootName else { return }
    (self.configuration, self.rootName) = (configuration, rootName)
    roles.removeAll()
    pairing = nil
  }

  /// The role of the icon whose analysed file is `path` under the audit's configuration and root
  /// name (as ``AuditFrontend/role(ofPath:configuration:code:rootName:)`` without app code).
  func role(ofPath path: String) -> PathRole {
    lock.lock()
    if let known = roles[path] {
      lock.unlock()
      return known
    }
    let configuration = configuration ?? AuditConfiguration(), rootName = rootName
    lock.unlock()
    let made = PathRole(
      role: configuration.role(forRelativePath: path, rootName: rootName),
      declared: configuration.roleOverride != nil || configuration.roles.contains { Glob.matches($0.pattern, path) })
    lock.lock()
    roles[path] = made
    lock.unlock()
    return made
  }

  /// `icons` with their selected states paired (``StatePairing/assign(_:suffixes:)``): the last
  /// pairing again when the ids and suffixes are the same, in the same order.
  func pair(_ icons: [AuditIcon], suffixes: [String]) -> [AuditIcon] {
    lock.lock()
    let kept = pairing
    lock.unlock()
    if let kept, kept.suffixes == suffixes, kept.ids.count == icons.count,
       zip(kept.ids, icons).allSatisfy({ $0 == $1.id }) {
      var icons = icons
      for (index, item) in kept.selected {
        icons[index].state = .selected
        icons[index].itemId = item
      }
      return icons
    }
    let paired = StatePairing.assign(icons, suffixes: suffixes)
    var selected: [Int: String] = [:]
    for (index, icon) in paired.enumerated() where icon.state == .selected { selected[index] = icon.itemId }
    lock.lock()
    pairing = (icons.map(\.id), suffixes, selected)
    lock.unlock()
    return paired
  }
}
