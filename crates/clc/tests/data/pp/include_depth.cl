// ARGS: --max-include-depth=5
#include "self.h"
after
//--- self.h
level
#include "self.h"
// ---- EXPECT ----
// level
// level
// level
// level
// level
// after
// ---- DIAGNOSTICS ----
// error: #include nested too deeply (the limit MAX_INCLUDE_DEPTH is 5) @ self.h:2:1
