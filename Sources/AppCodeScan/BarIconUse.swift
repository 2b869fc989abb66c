// SPDX-License-Identifier: GPL-3.0-or-later

/// The bar an image is put in by the app's code. Raw values are those of the audit's roles.
public enum BarRole: String, Sendable, Hashable, CaseIterable, Comparable {
  case tabBar, toolbar, navigationBar

  /// The family name the audit gives all icons of this role across the app (`TabBar`, …).
  public var familyName: String {
    switch self {
    case .tabBar: "TabBar"
    case .toolbar: "Toolbar"
    case .navigationBar: "NavigationBar"
    }
  }

  /// Tab bar first: an image used in a tab bar and elsewhere is judged as a tab bar icon.
  public static func < (a: BarRole, b: BarRole) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// How code names an image.
public enum ImageReference: Sendable, Hashable, CustomStringConvertible {
  /// A name as written in a string: `UIImage(named: "x")`, `Image("x")`, `image="x"`,
  /// `#imageLiteral(resourceName: "x")`; `Scene/Compose/media` for a namespaced group.
  case named(String)
  /// A generated asset symbol: `UIImage(resource: .tabHome)`, `Image(.tabHome)` (`["tabHome"]`),
  /// SwiftGen-like `Asset.Scene.Compose.media.image` (`["Scene", "Compose", "media"]`). Matched
  /// against image set names with case and separators ignored.
  case generated([String])
  /// An SF Symbol (`Image(systemName:)`, `systemImage:`): noted, not measured.
  case system(String)

  public var description: String {
    switch self {
    case .named(let name): name
    case .generated(let path): "." + path.joined(separator: ".")
    case .system(let name): "systemName: " + name
    }
  }
}

/// A place in a source file: its path relative to the scanned folder, and a 1-based line.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var path: String
  public var line: Int
  public init(path: String, line: Int) {
    self.path = path
    self.line = line
  }
  public var description: String { "\(path):\(line)" }
  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    a.path.utf8.lexicographicallyPrecedes(b.path.utf8) || (a.path == b.path && a.line < b.line)
  }
}

/// One place where the code puts an image in a bar.
public struct BarIconUse: Sendable, Hashable {
  /// Whether an image expression's text shows the image in its own colours: `.alwaysOriginal`,
  /// or, for a button's image (`button`), anything but a template (`.alwaysTemplate`, `.template`).
  public static func showsOwnColours(_ expression: String, button: Bool) -> Bool {
    let lower = expression.lowercased()
    return lower.contains("alwaysoriginal") || (button && !lower.contains("template"))
  }

  public var image: ImageReference
  public var role: BarRole
  /// The selected image the code gives this tab bar item (nil when it gives none).
  public var selectedImage: ImageReference?
  /// The bar: the storyboard scene or source file that builds it (`Main.storyboard tab bar`,
  /// `Sources/Home/HomeView.swift toolbar`).
  public var bar: String
  public var location: SourceLocation
  /// What put it there (`UITabBarItem(image:)`, `<barButtonItem image=>`, `.tabItem`, …).
  public var pattern: String
  /// Whether the code shows the image in its own colours: it says `.alwaysOriginal`, or it is a
  /// button's image (`setImage(_:for:)`, a bar button item's custom view) not made a template
  /// (a custom button draws an image as it is; a bar button item tints it).
  public var showsOwnColours = false
  /// The same of its selected image.
  public var selectedShowsOwnColours = false

  public init(image: ImageReference, role: BarRole, selectedImage: ImageReference? = nil, bar: String,
              location: SourceLocation, pattern: String, showsOwnColours: Bool = false) {
    self.showsOwnColours = showsOwnColours
    self.image = image
    self.role = role
    self.selectedImage = selectedImage
    self.bar = bar
    self.location = location
    self.pattern = pattern
  }
}
