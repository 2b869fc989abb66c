// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

exit(Bench.main(Array(CommandLine.arguments.dropFirst())))
