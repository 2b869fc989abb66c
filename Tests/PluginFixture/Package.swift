// swift-tools-version:6.0
// A small app-like package that uses iconaudit's plugins, for the plugin tests
// (Tests/PluginTests). Its catalog holds one planted fault: Toolbar/archive has a drop shadow.
import PackageDescription

let package = Package(
  name: "PluginFixture",
  dependencies: [.package(name: "iconaudit", path: "../..")],
  targets: [
    .target(
      name: "BarIcons",
      resources: [.process("Media.xcassets")],
      plugins: [.plugin(name: "IconAuditBuildPlugin", package: "iconaudit")]
    ),
  ]
)
