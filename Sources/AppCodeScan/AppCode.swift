// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The bar icon uses of an app's code, storyboards and SwiftUI views, found by reading the files
/// as text: nothing is compiled or executed, and no toolchain is needed. ``scan(folder:limits:)``
/// reads every Swift and Objective-C file twice (the app's image names and accessors first, then
/// the bar uses) and every storyboard and xib once; a file over the size limit, or unreadable, is
/// skipped with a note.
///
/// - Complexity: O(total bytes of the sources), each file bounded by ``Limits/maximumFileBytes``.
public struct AppCode: Sendable {
  /// Every use, by location.
  public var uses: [BarIconUse]
  /// Files skipped (too large, unreadable) and limits reached, one sentence each.
  public var notes: [String]
  /// How many source files were read.
  public var filesScanned: Int

  public init(uses: [BarIconUse], notes: [String] = [], filesScanned: Int = 0) {
    self.uses = uses.sorted { ($0.location, $0.image.description) < ($1.location, $1.image.description) }
    self.notes = notes
    self.filesScanned = filesScanned
  }

  public struct Limits: Sendable {
    /// A larger source file is skipped with a note (generated code, vendored amalgamations).
    public var maximumFileBytes = 2_000_000
    /// The scan stops after this many source files, with a note.
    public var maximumFiles = 50_000
    public init() {}
  }

  /// Folders never read: dependencies and build products.
  static let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules", "build", "Build"]

  enum Kind { case swift, objectiveC, interfaceBuilder }

  static func kind(of path: String) -> Kind? {
    switch path.split(separator: ".").last.map({ $0.lowercased() }) {
    case "swift": .swift
    case "m", "mm": .objectiveC
    case "storyboard", "xib": .interfaceBuilder
    default: nil
    }
  }

  /// The source files under `folder` (relative paths, byte order), hidden folders, dependencies,
  /// build products and asset catalogs left out.
  static func sourceFiles(_ folder: String, limits: Limits, notes: inout [String]) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") || skippedFolders.contains(name) || name.hasSuffix(".xcassets") || name.hasSuffix(".xcodeproj") {
        walker.skipDescendants()
        continue
      }
      guard kind(of: name) != nil else { continue }
      if files.count >= limits.maximumFiles {
        notes.append("more than \(limits.maximumFiles) source files: the rest were not read")
        break
      }
      files.append(relative)
    }
    return files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// Reads a file within the size limit; nil (with a note) when it is too large or unreadable.
  static func read(_ folder: String, _ relative: String, limits: Limits, notes: inout [String]) -> [UInt8]? {
    let path = (folder as NSString).appendingPathComponent(relative)
    let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    if size > limits.maximumFileBytes {
      notes.append("\(relative): skipped, \(size) bytes is over the \(limits.maximumFileBytes)-byte limit for a source file")
      return nil
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      notes.append("\(relative): skipped, it could not be read")
      return nil
    }
    return [UInt8](data)
  }

  /// Scans an app's folder (see the type's description).
  public static func scan(folder: String, limits: Limits = Limits()) -> AppCode {
    let folder = AppFolder.followingLink(folder)
    var notes: [String] = []
    let files = sourceFiles(folder, limits: limits, notes: &notes)
    var tables = SymbolTables()
    for file in files where kind(of: file) == .swift {
      var ignored: [String] = []
      if let bytes = read(folder, file, limits: limits, notes: &ignored) { tables.add(SourceText(bytes, language: .swift), path: file) }
    }
    var uses: [BarIconUse] = []
    var scanned = 0
    for file in files {
      guard let kind = kind(of: file), let bytes = read(folder, file, limits: limits, notes: &notes) else { continue }
      scanned += 1
      uses += scan(bytes, path: file, kind: kind, tables: tables)
    }
    return AppCode(uses: unique(uses), notes: notes, filesScanned: scanned)
  }

  /// One use per image, role and location (a view named as a bar may reach a member's image by
  /// two calls, or two bar views the same member), the one that names a selected image first.
  static func unique(_ uses: [BarIconUse]) -> [BarIconUse] {
    var keys = Set<String>()
    let ordered = uses.enumerated().sorted { a, b in
      (a.element.selectedImage != nil ? 0 : 1, a.offset) < (b.element.selectedImage != nil ? 0 : 1, b.offset)
    }.map(\.element)
    var kept: [BarIconUse] = []
    for use in ordered {
      let key = "\(use.image)|\(use.role)|\(use.location)"
      guard keys.insert(key).inserted else { continue }
      kept.append(use)
    }
    return kept
  }

  /// The uses in one file's text (`path` is how locations name it).
  static func scan(_ bytes: [UInt8], path: String, kind: Kind, tables: SymbolTables) -> [BarIconUse] {
    switch kind {
    case .interfaceBuilder:
      return InterfaceBuilderScanner.scan(SourceText(bytes, language: .xml), path: path)
    case .objectiveC:
      return CodeBarScanner.scan(SourceText(bytes, language: .objectiveC), path: path, objectiveC: true, tables: tables)
    case .swift:
      let source = SourceText(bytes, language: .swift)
      return CodeBarScanner.scan(source, path: path, objectiveC: false, tables: tables)
        + SwiftUIBarScanner.scan(source, path: path, tables: tables)
        + BarTypeScanner.scan(source, path: path, tables: tables)
    }
  }

  /// Scans files given as text (for tests and callers that hold the sources): path → contents.
  public static func scan(files: [String: String]) -> AppCode {
    var tables = SymbolTables()
    let paths = files.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    for path in paths where kind(of: path) == .swift { tables.add(SourceText(Array(files[path]!.utf8), language: .swift), path: path) }
    var uses: [BarIconUse] = []
    for path in paths {
      guard let kind = kind(of: path) else { continue }
      uses += scan(Array(files[path]!.utf8), path: path, kind: kind, tables: tables)
    }
    return AppCode(uses: unique(uses), filesScanned: paths.count)
  }
}
