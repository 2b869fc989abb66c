// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A minimal valid one-page PDF whose content stream is `content`, page size w×h pt.
public func makePDF(width: Int, height: Int, content: String) -> [UInt8] {
  var objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R /Resources << >> >>",
  ]
  objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
  var out = "%PDF-1.4\n"
  var offsets: [Int] = []
  for (i, object) in objects.enumerated() {
    offsets.append(out.utf8.count)
    out += "\(i + 1) 0 obj\n\(object)\nendobj\n"
  }
  let xref = out.utf8.count
  out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
  for offset in offsets { out += String(format: "%010d 00000 n \n", offset) }
  out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
  return Array(out.utf8)
}

