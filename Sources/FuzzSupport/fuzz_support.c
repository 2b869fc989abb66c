// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzz_support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifdef ICONAUDIT_FUZZING
// libFuzzer's driver for programs with their own main (compiler-rt, LLVM 11 and later).
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t));

int ia_fuzz_main(int argc, char **argv, ia_fuzz_callback callback) {
  return LLVMFuzzerRunDriver(&argc, &argv, callback);
}
#else
static int ia_replay_file(const char *path, ia_fuzz_callback callback) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "cannot open %s\n", path);
    return 1;
  }
  size_t capacity = 1 << 16, size = 0;
  uint8_t *data = malloc(capacity);
  size_t n;
  while (data && (n = fread(data + size, 1, capacity - size, file)) > 0) {
    size += n;
    if (size == capacity) {
      capacity *= 2;
      uint8_t *grown = realloc(data, capacity);
      if (!grown) { free(data); data = NULL; }
      else data = grown;
    }
  }
  fclose(file);
  if (!data) return 1;
  fprintf(stderr, "replaying %s (%zu bytes)\n", path, size);
  callback(data, size);
  free(data);
  return 0;
}

static int ia_replay_path(const char *path, ia_fuzz_callback callback, int *count) {
  struct stat info;
  if (stat(path, &info) != 0) {
    fprintf(stderr, "no such file: %s\n", path);
    return 1;
  }
  if (!S_ISDIR(info.st_mode)) {
    *count += 1;
    return ia_replay_file(path, callback);
  }
  DIR *dir = opendir(path);
  if (!dir) return 1;
  int failures = 0;
  struct dirent *entry;
  while ((entry = readdir(dir)) != NULL) {
    if (entry->d_name[0] == '.') continue;
    size_t length = strlen(path) + strlen(entry->d_name) + 2;
    char *child = malloc(length);
    if (!child) break;
    snprintf(child, length, "%s/%s", path, entry->d_name);
    struct stat childInfo;
    if (stat(child, &childInfo) == 0 && S_ISREG(childInfo.st_mode)) {
      *count += 1;
      failures += ia_replay_file(child, callback);
    }
    free(child);
  }
  closedir(dir);
  return failures;
}

int ia_fuzz_main(int argc, char **argv, ia_fuzz_callback callback) {
  int failures = 0, count = 0;
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-') continue;  // libFuzzer-style flags are ignored when replaying
    failures += ia_replay_path(argv[i], callback, &count);
  }
  fprintf(stderr, "replayed %d input%s without a crash\n", count, count == 1 ? "" : "s");
  return failures ? 1 : 0;
}
#endif
