/* The reference for kauai-printf's data test: reads cases.txt, prints each case with
 * the C library's snprintf, and writes format_expected.txt. Run once and commit the
 * output (the test never needs a C compiler):
 *
 *   gcc -O1 -o /tmp/printf-reference reference.c
 *   /tmp/printf-reference < cases.txt > format_expected.txt
 *
 * A case line is `FORMAT <TAB> ARGS`, ARGS separated by `;`, each `TYPE VALUE`:
 *   i32/u32/i64/u64 N     an integer (C gets int, unsigned, long, unsigned long as the
 *                         conversion's length modifier says)
 *   f64 X, f32 X          a double, or a float (promoted to double, as C does)
 *   f64bits H             a double given by its bits in hex
 *   str TEXT              a string; ptr H  a pointer
 *   v TYPE a,b,...        an OpenCL vector: C has none, so each element is printed with
 *                         the specification minus `vN` (and minus `hl`, which is C's
 *                         default size), and the results are joined with `,`, which is
 *                         what OpenCL C 6.12.13 says the vector output is.
 * FORMAT and TEXT may use \n \t \\ \xHH. Lines starting with `#` are copied through. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t unescape(const char *s, char *out) {
    size_t n = 0;
    while (*s) {
        if (*s == '\\' && s[1]) {
            s++;
            switch (*s) {
            case 'n': out[n++] = '\n'; s++; break;
            case 't': out[n++] = '\t'; s++; break;
            case '\\': out[n++] = '\\'; s++; break;
            case 'x': {
                char h[3] = {s[1], s[2], 0};
                out[n++] = (char)strtol(h, NULL, 16);
                s += 3;
                break;
            }
            default: out[n++] = '\\'; out[n++] = *s++; break;
            }
        } else {
            out[n++] = *s++;
        }
    }
    out[n] = 0;
    return n;
}

static void put_escaped(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\\') fputs("\\\\", stdout);
        else if (c == '\n') fputs("\\n", stdout);
        else if (c == '\t') fputs("\\t", stdout);
        else if (c < 0x20 || c >= 0x7f) printf("\\x%02x", c);
        else putchar(c);
    }
}

struct arg {
    char type[8];
    int is_vector;
    int n;
    int64_t i[16];
    double f[16];
    char s[512];
};

static void parse_scalar(const char *type, const char *v, struct arg *a, int k) {
    if (!strcmp(type, "f64bits")) {
        uint64_t b = strtoull(v, NULL, 16);
        memcpy(&a->f[k], &b, 8);
    } else if (type[0] == 'f') {
        double d = strtod(v, NULL);
        if (!strcmp(v, "-nan")) d = -__builtin_nan("");
        a->f[k] = !strcmp(type, "f32") ? (double)(float)d : d;
    } else if (type[0] == 'u' || !strcmp(type, "ptr")) {
        a->i[k] = (int64_t)strtoull(v, NULL, 0);
    } else {
        a->i[k] = strtoll(v, NULL, 0);
    }
}

static void parse_arg(char *text, struct arg *a) {
    memset(a, 0, sizeof *a);
    while (*text == ' ') text++;
    char *sp = strchr(text, ' ');
    if (!sp) return;
    *sp = 0;
    char *val = sp + 1;
    if (!strcmp(text, "v")) {
        a->is_vector = 1;
        char *sp2 = strchr(val, ' ');
        if (!sp2) return;
        *sp2 = 0;
        snprintf(a->type, sizeof a->type, "%s", val);
        char *tok = strtok(sp2 + 1, ",");
        while (tok && a->n < 16) {
            parse_scalar(a->type, tok, a, a->n++);
            tok = strtok(NULL, ",");
        }
    } else {
        snprintf(a->type, sizeof a->type, "%s", text);
        a->n = 1;
        if (!strcmp(text, "str")) unescape(val, a->s);
        else parse_scalar(text, val, a, 0);
    }
}

/* Print element k of `a` with the C specification `spec` (conversion last). */
static int one(char *out, size_t cap, const char *spec, const struct arg *a, int k) {
    size_t len = strlen(spec);
    char conv = spec[len - 1];
    int is_long = len >= 2 && spec[len - 2] == 'l';
    switch (conv) {
    case 'd': case 'i':
        return is_long ? snprintf(out, cap, spec, (long)a->i[k])
                       : snprintf(out, cap, spec, (int)a->i[k]);
    case 'o': case 'u': case 'x': case 'X':
        return is_long ? snprintf(out, cap, spec, (unsigned long)a->i[k])
                       : snprintf(out, cap, spec, (unsigned)a->i[k]);
    case 'c': return snprintf(out, cap, spec, (int)a->i[k]);
    case 's': return snprintf(out, cap, spec, a->s);
    case 'p': return snprintf(out, cap, spec, (void *)(uintptr_t)a->i[k]);
    default: return snprintf(out, cap, spec, a->f[k]);
    }
}

int main(void) {
    static char line[8192], fmt[4096], out[65536];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0] == '#' || line[0] == 0) {
            puts(line);
            continue;
        }
        char *tab = strchr(line, '\t');
        char *args_text = tab ? tab + 1 : "";
        if (tab) *tab = 0;
        size_t flen = unescape(line, fmt);
        struct arg args[16];
        int nargs = 0;
        static char argbuf[8192];
        snprintf(argbuf, sizeof argbuf, "%s", args_text);
        for (char *p = argbuf; *p && nargs < 16;) {
            char *semi = strchr(p, ';');
            if (semi) *semi = 0;
            parse_arg(p, &args[nargs++]);
            if (!semi) break;
            p = semi + 1;
        }
        size_t n = 0;
        int next = 0;
        for (size_t i = 0; i < flen;) {
            if (fmt[i] != '%') { out[n++] = fmt[i++]; continue; }
            if (fmt[i + 1] == '%') { out[n++] = '%'; i += 2; continue; }
            size_t j = i + 1;
            while (j < flen && !strchr("diouxXcspfFeEgGaA", fmt[j])) j++;
            char spec[64];
            size_t sl = 0;
            int vec = 0;
            for (size_t k = i; k <= j && sl < 60; k++) {
                if (fmt[k] == 'v') {
                    vec = 1;
                    while (fmt[k + 1] >= '0' && fmt[k + 1] <= '9') k++;
                    continue;
                }
                if (fmt[k] == 'h' && fmt[k + 1] == 'l') { k++; continue; }
                spec[sl++] = fmt[k];
            }
            spec[sl] = 0;
            const struct arg *a = &args[next++];
            int count = vec ? a->n : 1;
            for (int k = 0; k < count; k++) {
                if (k) out[n++] = ',';
                int w = one(out + n, sizeof out - n, spec, a, k);
                if (w > 0) n += (size_t)w;
            }
            i = j + 1;
        }
        fputs(line, stdout);
        putchar('\t');
        fputs(args_text, stdout);
        fputs("\t=> ", stdout);
        put_escaped(out, n);
        putchar('\n');
    }
    return 0;
}
