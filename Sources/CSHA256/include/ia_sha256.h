// SPDX-License-Identifier: GPL-3.0-or-later
// SHA-256's block function with the x86 SHA extensions (SHA-NI), for IconSupport's SHA256 (which
// keeps its portable Swift block function for every other processor). Links nothing.
#ifndef ICONAUDIT_SHA256_H
#define ICONAUDIT_SHA256_H
#include <stddef.h>
#include <stdint.h>

/// SHA-256's 64 round constants K0…K63 (FIPS 180-4, 4.2.2): the first 32 bits of the fractional
/// parts of the cube roots of the first 64 primes. The one copy: the SHA-NI block function below
/// and IconSupport's portable Swift block function both read it.
extern const uint32_t ia_sha256_k[64];

/// 1 when this processor has the SHA extensions and SSSE3 and SSE4.1 (CPUID leaf 7 EBX bit 29,
/// leaf 1 ECX bits 9 and 19), so that ia_sha256_blocks may be called; else 0 (and on every
/// processor that is not x86-64).
int ia_sha256_hardware_available(void);

/// Runs SHA-256's compression function (FIPS 180-4, 6.2.2) over `blocks` consecutive 64-byte
/// blocks at `data` (no alignment needed), updating the eight state words H0…H7 in `state`
/// (native-endian words, in that order). Only to be called when ia_sha256_hardware_available()
/// returned 1. Complexity: O(blocks), 32 rnds2 instructions a block.
void ia_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);
#endif
