// The system SQLite's C API: libsqlite3-dev on Linux, the SDK's copy on macOS.
#include <sqlite3.h>
