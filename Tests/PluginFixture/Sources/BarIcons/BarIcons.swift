/// The toolbar images of the fixture's catalog (Media.xcassets).
public enum BarIcons {
  public static let toolbar = ["archive", "compose", "info", "search"]
}
