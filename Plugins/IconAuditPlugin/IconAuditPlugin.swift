// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory iconaudit [--target NAME]… [audit options]
/// [PATH…]`: runs `iconaudit audit` over the asset catalogs of the package's targets (those named
/// with `--target`, else all), or over the PATHs given, with the package's `.iconaudit.json`
/// unless `--config` names another file. Relative paths (PATHs, `--output`, `--write-baseline`,
/// `--baseline`) are taken from the package's folder. The audit's exit code other than 0 fails the
/// command (SwiftPM exits 1).
@main
struct IconAuditPlugin: CommandPlugin {
  /// `iconaudit audit`'s options that take a value: the word after one is its value, not a PATH.
  static let valueOptions: Set<String> = [
    "--format", "--output", "-o", "--config", "--role", "--reference", "--baseline", "--write-baseline",
    "--label", "--path-prefix", "--vector-scale", "--png-scale", "--idioms", "--max-side", "--max-pixels",
    "--max-file-bytes", "--max-vector-bytes", "--render-timeout", "--max-analysis-side", "--cache-dir", "--cache-max-mb",
  ]

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    var options = extractor.remainingArguments
    let packageDirectory = context.package.directoryURL

    var paths: [String] = []
    if !Self.namesPaths(options) {
      let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
      let catalogs = targets.compactMap { $0 as? SourceModuleTarget }.flatMap(Self.catalogs(of:))
      guard !catalogs.isEmpty else {
        Diagnostics.error("iconaudit: no asset catalog (*.xcassets) in \(targetNames.isEmpty ? "the package's targets" : "targets " + targetNames.joined(separator: ", ")); name the folders to audit")
        throw PluginFailure.noCatalog
      }
      paths = catalogs.map { Self.relative($0, to: packageDirectory) }
    }
    // The measurement cache in the plugin's own folder, which the sandbox (macOS) lets it write,
    // unless the command line names a folder or turns the cache off.
    if !options.contains(where: { $0 == "--no-cache" || $0.hasPrefix("--cache-dir") }) {
      options += ["--cache-dir", context.pluginWorkDirectoryURL.appending(path: "cache").path]
    }
    let configuration = packageDirectory.appending(path: ".iconaudit.json")
    if !options.contains("--config"), FileManager.default.fileExists(atPath: configuration.path) {
      options += ["--config", configuration.path]
    }

    let process = Process()
    process.executableURL = try context.tool(named: "iconaudit").url
    process.arguments = ["audit"] + paths + options
    process.currentDirectoryURL = packageDirectory
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      Diagnostics.error("iconaudit audit exited with status \(process.terminationStatus) (1: error findings, 2: an unreadable input, 64: usage)")
      throw PluginFailure.auditFailed(process.terminationStatus)
    }
  }

  /// Whether the arguments name a PATH: a word that is neither an option nor an option's value.
  static func namesPaths(_ arguments: [String]) -> Bool {
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word == "--" { return index + 1 < arguments.count }
      if valueOptions.contains(word) { index += 2; continue }
      if !word.hasPrefix("-") { return true }
      index += 1
    }
    return false
  }

  /// The target's asset catalogs: folders named `*.xcassets` among its files, in path order.
  /// O(files × path depth).
  static func catalogs(of target: SourceModuleTarget) -> [URL] {
    var found: [String: URL] = [:]
    for file in target.sourceFiles {
      var url = file.url
      var catalog: URL?
      while url.pathComponents.count > 1 {
        if url.pathExtension == "xcassets" { catalog = url }
        url = url.deletingLastPathComponent()
      }
      if let catalog { found[catalog.path] = catalog }
    }
    return found.keys.sorted().compactMap { found[$0] }
  }

  /// `url`'s path from `folder` when it lies inside (report paths then start there), else absolute.
  static func relative(_ url: URL, to folder: URL) -> String {
    let path = url.standardizedFileURL.path
    let top = folder.standardizedFileURL.path
    let prefix = top.hasSuffix("/") ? top : top + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}

/// Why the command failed (after its message was given as a diagnostic).
enum PluginFailure: Error, CustomStringConvertible {
  case noCatalog
  case auditFailed(Int32)

  var description: String {
    switch self {
    case .noCatalog: "no asset catalog to audit"
    case .auditFailed(let status): "iconaudit audit exited with status \(status)"
    }
  }
}
