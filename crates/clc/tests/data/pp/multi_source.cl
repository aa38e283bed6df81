// Several source strings are one translation unit, in order.
#define FIRST 1
#if FIRST
first_source
//--- SOURCE second.cl
still_in_first_group
#else
not_taken
#endif
#define f(x) [x]
f(
//--- SOURCE third.cl
crosses_sources) FIRST
#if 0
//--- SOURCE fourth.cl
skipped_in_fourth
#endif
last
// ---- EXPECT ----
// first_source
// still_in_first_group
// [crosses_sources] 1
// last
// ---- DIAGNOSTICS ----
