// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import FamilyAnalysis
import Guidelines
import Testing

@Suite struct RuleRegistryTests {
  @Test func identifiersAreUniqueSnakeCase() {
    let ids = RuleRegistry.identifiers
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.range(of: "^[a-z]+(_[a-z]+)*$", options: .regularExpression) != nil, "\(id)")
    }
  }

  /// Every `struct …Rule: Rule` declared in the Guidelines sources is registered.
  @Test func everyRuleTypeIsRegistered() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/Guidelines").standardized
    var declared: Set<String> = []
    for file in try FileManager.default.contentsOfDirectory(atPath: sources.path) where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      let regex = try NSRegularExpression(pattern: #"struct\s+(\w+)\s*:\s*Rule\b"#)
      for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        declared.insert(String(text[Range(match.range(at: 1), in: text)!]))
      }
    }
    let registered = Set(RuleRegistry.all.map { String(describing: $0) })
    #expect(!declared.isEmpty)
    #expect(declared == registered, "unregistered: \(declared.subtracting(registered)), stale: \(registered.subtracting(declared))")
  }

  @Test func everyRuleIsDocumentedWithExamplesBothWays() {
    for rule in RuleRegistry.all {
      let d = rule.description
      #expect(!d.name.isEmpty && d.rationale.count > 40, "\(d.identifier)")
      #expect(d.examples.contains { $0.triggers }, "\(d.identifier) has no triggering example")
      #expect(d.examples.contains { !$0.triggers }, "\(d.identifier) has no non-triggering example")
      for t in rule.thresholds {
        #expect(t.defaultValue.isFinite && !t.help.isEmpty, "\(d.identifier).\(t.name)")
      }
    }
  }

  /// Configuration files set thresholds by their declared names, and a rule reads what they set.
  @Test func everyThresholdIsConfigurableByName() throws {
    func check<R: Rule>(_ rule: R.Type) throws {
      for threshold in R.Threshold.allCases {
        let value = threshold.defaultValue + 1
        let json = #"{ "rules": { "\#(R.identifier)": { "thresholds": { "\#(threshold.name)": \#(value) } } } }"#
        let configuration = try ConfigurationFile.parse(Data(json.utf8), path: "cfg.json")
        #expect(configuration.threshold(threshold, of: R.self) == value, "\(R.identifier).\(threshold.name)")
        let context = RuleContext<R>(family: FamilyAnalyzer.analyse(name: "", members: []), icons: [], configuration: configuration)
        #expect(context.threshold(threshold) == value)
        for other in R.Threshold.allCases where other != threshold {
          #expect(context.threshold(other) == other.defaultValue)
        }
      }
    }
    for rule in RuleRegistry.all { try check(rule) }
  }

  /// Every threshold of every rule set at once, each to its own value: each reads back its own
  /// (a context reads thresholds by their place in `allCases`).
  @Test func everyThresholdReadsItsOwnValueWhenAllAreSet() {
    func check<R: Rule>(_ rule: R.Type) {
      var configuration = AuditConfiguration()
      for (k, threshold) in R.Threshold.allCases.enumerated() { configuration.setThreshold(threshold, of: R.self, to: 1000 + Double(k)) }
      let context = RuleContext<R>(family: FamilyAnalyzer.analyse(name: "", members: []), icons: [], configuration: configuration)
      for (k, threshold) in R.Threshold.allCases.enumerated() {
        #expect(context.threshold(threshold) == 1000 + Double(k), "\(R.identifier).\(threshold.name)")
      }
    }
    for rule in RuleRegistry.all { check(rule) }
    // A threshold type whose `allCases` is not in declaration order reads through the search.
    var configuration = AuditConfiguration()
    configuration.setThreshold(ShuffledThresholdRule.Threshold.first, of: ShuffledThresholdRule.self, to: 1)
    configuration.setThreshold(ShuffledThresholdRule.Threshold.third, of: ShuffledThresholdRule.self, to: 3)
    let context = RuleContext<ShuffledThresholdRule>(family: FamilyAnalyzer.analyse(name: "", members: []), icons: [],
                                                     configuration: configuration)
    #expect(context.threshold(.first) == 1 && context.threshold(.second) == 20 && context.threshold(.third) == 3)
  }

  /// An example carries its rule's thresholds and the line it was written on.
  @Test func anExampleCarriesItsThresholdsAndLocation() {
    let icons = ExampleFamily.icons() + [.init(id: "small", mask: ExampleFamily.glyph(1, size: 0.8))]
    let line = #line + 1
    let lenient = RuleExample("80% in a family too small to compare", icons: icons, target: "small", triggers: false,
                              thresholds: [PerceivedSizeOutlierRule.Threshold.minimumFamily: 100, .errorRatio: 0.7])
    #expect(lenient.location.fileID == "GuidelinesTests/RuleRegistryTests.swift" && lenient.location.line == line)
    #expect(lenient.thresholds.map(\.name) == ["errorRatio", "minimumFamily"], "in declaration order")
    let configuration = lenient.auditConfiguration(for: PerceivedSizeOutlierRule.self)
    #expect(configuration.threshold(.errorRatio, of: PerceivedSizeOutlierRule.self) == 0.7)
    #expect(RuleRegistry.identifiers.filter(configuration.isEnabled) == ["perceived_size_outlier"])
    #expect(lenient.run(PerceivedSizeOutlierRule.self).filter { $0.iconId == "small" }.isEmpty)
    let strict = RuleExample("80% at the defaults", icons: icons, target: "small", triggers: true)
    #expect(strict.run(PerceivedSizeOutlierRule.self).contains { $0.iconId == "small" })
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var rule: any Rule.Type
    var index: Int
    var testDescription: String {
      let example = rule.description.examples[index]
      return "\(rule.description.identifier): \(example.summary) (\(example.location))"
    }
  }

  static let cases: [Case] = RuleRegistry.all.flatMap { rule in
    rule.description.examples.indices.map { Case(rule: rule, index: $0) }
  }

  /// The catalogue's examples are the rules' behaviour: each must fire (or not) as it says, audited
  /// as users' icons are (``RuleExample/run(_:)``). A failure is reported at the example's line.
  @Test(arguments: cases)
  func exampleBehavesAsDocumented(_ c: Case) {
    let example = c.rule.description.examples[c.index]
    let at = SourceLocation(fileID: example.location.fileID, filePath: example.location.filePath,
                            line: example.location.line, column: example.location.column)
    let findings = example.run(c.rule)
    let onTarget = findings.filter { $0.iconId == example.target }
    if example.triggers {
      #expect(!onTarget.isEmpty, "expected \(c.rule.identifier) on \(example.target)", sourceLocation: at)
      for finding in onTarget {
        #expect(finding.ruleId == c.rule.identifier, sourceLocation: at)
        #expect(!finding.message.isEmpty, sourceLocation: at)
      }
    } else {
      #expect(onTarget.isEmpty, "unexpected: \(onTarget.map(\.message))", sourceLocation: at)
    }
  }
}

/// A rule (not registered) whose thresholds' `allCases` lists them out of declaration order.
private struct ShuffledThresholdRule: Rule {
  enum Threshold: String, RuleThreshold {
    case first, second, third
    static var allCases: [Threshold] { [.third, .first, .second] }
    var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .first: (10, "one")
      case .second: (20, "two")
      case .third: (30, "three")
      }
    }
  }
  static let description = RuleDescription(identifier: "shuffled_threshold", name: "Shuffled", scope: .icon,
                                           rationale: "a test rule", defaultSeverity: .warning)
  func check(_ context: RuleContext<Self>) -> [Finding] { [] }
}
