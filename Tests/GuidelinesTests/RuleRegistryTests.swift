// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
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
      #expect(Set(d.thresholds.map(\.name)).count == d.thresholds.count, "\(d.identifier)")
    }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var rule: any Rule.Type
    var index: Int
    var testDescription: String { "\(rule.description.identifier): \(rule.description.examples[index].summary)" }
  }

  static let cases: [Case] = RuleRegistry.all.flatMap { rule in
    rule.description.examples.indices.map { Case(rule: rule, index: $0) }
  }

  /// The catalogue's examples are the rules' behaviour: each must fire (or not) as it says.
  @Test(arguments: cases)
  func exampleBehavesAsDocumented(_ c: Case) {
    let example = c.rule.description.examples[c.index]
    let findings = example.run(c.rule)
    let onTarget = findings.filter { $0.iconId == example.target }
    if example.triggers {
      #expect(!onTarget.isEmpty, "expected \(c.rule.description.identifier) on \(example.target)")
      for finding in onTarget {
        #expect(finding.ruleId == c.rule.description.identifier)
        #expect(!finding.message.isEmpty)
      }
    } else {
      #expect(onTarget.isEmpty, "unexpected: \(onTarget.map(\.message))")
    }
  }
}
