// ARGS: --max-included-bytes=20000 --max-include-depth=50
// A header wrapped in an include guard is not read again while the guard is defined.
#include "guarded.h"
#include "guarded.h"
#undef GUARDED_H
#include "guarded.h"
// Not guards: text after the #endif, or an #else at the top level.
#include "after.h"
#include "after.h"
#include "else.h"
#include "else.h"
// Exponentially many inclusions hit the total include budget.
#include "twice.h"
end
//--- guarded.h
#ifndef GUARDED_H
#define GUARDED_H
guarded
#endif
//--- after.h
#ifndef AFTER_H
#define AFTER_H
after_h_inside
#endif
after_h_outside
//--- else.h
#ifndef ELSE_H
#define ELSE_H
else_h_first
#else
else_h_again
#endif
//--- twice.h
#include "twice.h"
#include "twice.h"
// ---- EXPECT ----
// guarded
// guarded
// after_h_inside
// after_h_outside
// after_h_outside
// else_h_first
// else_h_again
// end
// ---- DIAGNOSTICS ----
// error: #include brings in too much text (the limit MAX_INCLUDED_BYTES is 20000 bytes in total) @ twice.h:1:1
