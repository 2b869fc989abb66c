// SPDX-License-Identifier: GPL-3.0-or-later
import IconSupport

/// Reads a whole file, refusing one larger than `limit` bytes before reading it.
func readFileBytes(path: String, limit: Int) throws(RasterError) -> [UInt8] {
  do {
    return try BoundedFile.read(path: path, limit: limit)
  } catch {
    switch error {
    case .tooLarge(let bytes, let limit): throw .fileTooLarge(path: path, bytes: bytes, limit: limit)
    default: throw .unreadableFile(path: path, reason: error.reason)
    }
  }
}
