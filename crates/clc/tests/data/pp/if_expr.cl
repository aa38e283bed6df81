#define R(e) r
#if 1 + 2 * 3 == 7 && (1 + 2) * 3 == 9
ok_precedence
#endif
#if -1 < 0 && -1 > 0u
ok_unsigned_conversion
#endif
#if 0xFFFFFFFFFFFFFFFF == -1 && 18446744073709551615 > 0
ok_large_unsigned
#endif
#if 9223372036854775807 > 0 && -9223372036854775807 - 1 < 0
ok_intmax
#endif
#if 7 / 2 == 3 && -7 / 2 == -3 && -7 % 2 == -1 && 7u % 3 == 1
ok_division
#endif
#if (1 << 3) == 8 && (-8 >> 1) == -4 && (0x10 >> 4) == 1 && (1u << 63) > 0
ok_shifts
#endif
#if (5 & 3) == 1 && (5 | 3) == 7 && (5 ^ 3) == 6 && ~0 == -1 && !0 == 1 && !5 == 0
ok_bits
#endif
#if (1 ? 2 : 3) == 2 && (0 ? 2 : 3) == 3 && (1 ? -1 : 0u) > 0
ok_ternary
#endif
#if (1, 2) == 2
ok_comma
#endif
#if 'a' == 97 && '\n' == 10 && '\377' < 0 && '\x41' == 65 && 'ab' == 24930
ok_chars
#endif
#if undefined_identifier == 0 && !undefined_function_like
ok_undefined_is_zero
#endif
#if 0 && (1 / 0) || 1 || (1 % 0)
ok_short_circuit
#endif
#if 0 ? 1 / 0 : 1
ok_unevaluated_ternary
#endif
#if 3 >= 3 && 3 <= 3 && 2 != 3 && 010 == 8 && 10L == 10 && 10ull == 10u
ok_compare_suffixes
#endif
#define D defined(R)
#if D
ok_defined_from_expansion
#endif
#define PLUS +
#if 1 PLUS 1 == 2
ok_expanded
#endif
#if R(1) == 0
ok_function_like_to_ident
#endif
#if ((((((((((1))))))))))
ok_parens
#endif
// ---- EXPECT ----
// ok_precedence
// ok_unsigned_conversion
// ok_large_unsigned
// ok_intmax
// ok_division
// ok_shifts
// ok_bits
// ok_ternary
// ok_comma
// ok_chars
// ok_undefined_is_zero
// ok_short_circuit
// ok_unevaluated_ternary
// ok_compare_suffixes
// ok_defined_from_expansion
// ok_expanded
// ok_function_like_to_ident
// ok_parens
// ---- DIAGNOSTICS ----
