// SPDX-License-Identifier: GPL-3.0-or-later
// The entry point shared by the fuzz targets (Sources/FuzzPNG, FuzzSVG, FuzzCatalog).
#ifndef ICONAUDIT_FUZZ_SUPPORT_H
#define ICONAUDIT_FUZZ_SUPPORT_H
#include <stddef.h>
#include <stdint.h>

typedef int (*ia_fuzz_callback)(const uint8_t *data, size_t size);

/// Built with -DICONAUDIT_FUZZING (scripts/fuzz, with -fsanitize=fuzzer): hands over to libFuzzer
/// (LLVMFuzzerRunDriver) with the command line. Otherwise replays every file named on the command
/// line (folders: every file in them) through `callback` once, and returns 0 when all returned.
int ia_fuzz_main(int argc, char **argv, ia_fuzz_callback callback);
#endif
