// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster
import Testing

/// `CompactMask(alphaOf:)` is the mask `CompactMask(image.alphaMask)` makes, for every alpha byte.
@Test func compactMaskOfAnImagesAlphaEqualsTheRoundTripThroughFloats() {
  // 256 pixels, one of each alpha, with colours that must not matter; 16 × 16 at @2x.
  var pixels: [UInt8] = []
  for a in 0..<256 { pixels += [UInt8(255 - a), UInt8(a / 2), UInt8(17), UInt8(a)] }
  let image = RGBAImage(width: 16, height: 16, scale: 2, pixels: pixels)
  let direct = CompactMask(alphaOf: image), viaFloats = CompactMask(image.alphaMask)
  #expect(direct == viaFloats)
  #expect(direct.bytes == (0..<256).map { UInt8($0) })
  #expect(direct.width == 16 && direct.height == 16 && direct.scale == 2)
  // A fitted (box-filtered) image too: its alpha is what its mask is made of.
  let fitted = RGBAImage(width: 32, height: 16, scale: 2, pixels: pixels + pixels.reversed()).fitted(maxSide: 20)
  #expect(CompactMask(alphaOf: fitted) == CompactMask(fitted.alphaMask))
}
