// libpng found by pkg-config (libpng.pc): its include and library folders reach CLibPNG's shim,
// wherever the package manager put them (Debian's /usr/include, Homebrew's /opt/homebrew).
#include <png.h>
