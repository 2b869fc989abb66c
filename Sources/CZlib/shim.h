// zlib, for reading a git repository's loose objects (AuditFrontend's GitObjects).
#include <zlib.h>
