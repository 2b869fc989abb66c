public enum IconAuditCommand { public static func main() {} }
