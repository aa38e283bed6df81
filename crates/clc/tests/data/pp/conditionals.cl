#define ONE 1
#if ONE
taken_if
#else
not_taken
#endif
#if 0
skipped
#elif ONE + 1 == 2
taken_elif
#elif 1
not_taken_second_elif
#else
not_taken_else
#endif
#ifdef ONE
ifdef_taken
#endif
#ifndef ONE
ifndef_not_taken
#else
ifndef_else
#endif
#ifdef UNDEFINED
no
#elif defined ONE && !defined(UNDEFINED)
defined_forms
#endif
// Nested groups inside a skipped group are only counted.
#if 0
#if 1
nested_skipped
#else
also_skipped
#endif
#elif 0
no
#else
after_nested
#endif
// A skipped group is not tokenized: none of this is an error.
#if 0
'unterminated char  "unterminated string
#unknown_directive
#error not reached
#if garbage (((
#endif
@ $ ` \ stray bytes
#define ONE 2
#endif
ONE
#  if   ONE   /* comment */
spaced_directive
#  endif  // comment
# /* null directive */
#
  #if 1
indented_hash
  #endif
// ---- EXPECT ----
// taken_if
// taken_elif
// ifdef_taken
// ifndef_else
// defined_forms
// after_nested
// 1
// spaced_directive
// indented_hash
// ---- DIAGNOSTICS ----
