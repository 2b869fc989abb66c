// SPDX-License-Identifier: GPL-3.0-or-later
// SHA-256 blocks with the SHA extensions: the state kept as the two registers ABEF and CDGH that
// sha256rnds2 works on, four rounds of message schedule at a time (sha256msg1/msg2), two rounds
// an instruction. The layout follows Intel's "New Instructions Supporting the Secure Hash
// Algorithm on Intel Architecture Processors" (2013). Compiled for those instructions through
// the function's target attribute only: nothing else in the program assumes them.
#include "ia_sha256.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>

int ia_sha256_hardware_available(void) {
  unsigned int a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  const int ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
  if (__get_cpuid_max(0, 0) < 7) return 0;
  __cpuid_count(7, 0, a, b, c, d);
  const int sha = (b >> 29) & 1;
  return ssse3 && sse41 && sha;
}

const uint32_t ia_sha256_k[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

__attribute__((target("sha,ssse3,sse4.1")))
void ia_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
  // Big-endian message words: reverse the bytes of each 32-bit lane.
  const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  __m128i tmp = _mm_loadu_si128((const __m128i *)&state[0]);    // A B C D (lanes 0..3)
  __m128i state1 = _mm_loadu_si128((const __m128i *)&state[4]); // E F G H
  tmp = _mm_shuffle_epi32(tmp, 0xB1);                             // B A D C
  state1 = _mm_shuffle_epi32(state1, 0x1B);                       // H G F E
  __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);               // ABEF
  state1 = _mm_blend_epi16(state1, tmp, 0xF0);                    // CDGH
  for (size_t block = 0; block < blocks; block++, data += 64) {
    const __m128i abefSaved = state0, cdghSaved = state1;
    __m128i w[16];
    for (int i = 0; i < 16; i++) {
      if (i < 4) {
        w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), byteSwap);
      } else {
        // W[t..t+3] = σ1(W[t-2..]) + W[t-7..] + σ0(W[t-15..]) + W[t-16..].
        __m128i s = _mm_sha256msg1_epu32(w[i - 4], w[i - 3]);
        s = _mm_add_epi32(s, _mm_alignr_epi8(w[i - 1], w[i - 2], 4));
        w[i] = _mm_sha256msg2_epu32(s, w[i - 1]);
      }
      __m128i message = _mm_add_epi32(w[i], _mm_loadu_si128((const __m128i *)&ia_sha256_k[4 * i]));
      state1 = _mm_sha256rnds2_epu32(state1, state0, message);
      message = _mm_shuffle_epi32(message, 0x0E);
      state0 = _mm_sha256rnds2_epu32(state0, state1, message);
    }
    state0 = _mm_add_epi32(state0, abefSaved);
    state1 = _mm_add_epi32(state1, cdghSaved);
  }
  tmp = _mm_shuffle_epi32(state0, 0x1B);        // F E B A
  state1 = _mm_shuffle_epi32(state1, 0xB1);     // D C H G
  state0 = _mm_blend_epi16(tmp, state1, 0xF0);  // A B C D
  state1 = _mm_alignr_epi8(state1, tmp, 8);     // E F G H
  _mm_storeu_si128((__m128i *)&state[0], state0);
  _mm_storeu_si128((__m128i *)&state[4], state1);
}

#else
int ia_sha256_hardware_available(void) { return 0; }
void ia_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
  (void)state; (void)data; (void)blocks;
}
#endif
