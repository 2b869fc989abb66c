// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A minimal valid one-page PDF whose content stream is `content`, page size w×h pt.
public func makePDF(width: Int, height: Int, content: String) -> [UInt8] {
  makePDF(mediaBox: "0 0 \(width) \(height)", content: content)
}

/// A one-page PDF built from its parts, each written into the file as given (for malformed ones):
/// extra catalog entries, the page tree's entries, the media box, extra trailer entries and the
/// content stream. Object offsets and the cross-reference table are always right.
public func makePDF(catalogExtra: String = "", pages: String = "/Kids [3 0 R] /Count 1", mediaBox: String = "0 0 24 24",
                    trailerExtra: String = "", content: String = "0 0 0 rg 4 4 16 16 re f") -> [UInt8] {
  let objects = [
    "<< /Type /Catalog /Pages 2 0 R \(catalogExtra)>>",
    "<< /Type /Pages \(pages) >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [\(mediaBox)] /Contents 4 0 R /Resources << >> >>",
    "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
  ]
  var out = "%PDF-1.4\n"
  var offsets: [Int] = []
  for (i, object) in objects.enumerated() {
    offsets.append(out.utf8.count)
    out += "\(i + 1) 0 obj\n\(object)\nendobj\n"
  }
  let xref = out.utf8.count
  out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
  for offset in offsets { out += String(format: "%010d 00000 n \n", offset) }
  out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R \(trailerExtra)>>\nstartxref\n\(xref)\n%%EOF\n"
  return Array(out.utf8)
}
