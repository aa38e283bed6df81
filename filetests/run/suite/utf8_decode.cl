// A UTF-8 decoder as text kernels write it: a `switch` on the lead byte's class drives a
// small state machine (expected continuation count, accumulated code point), one
// work-item per 16-byte record (records are padded with NUL bytes, which end the
// decoding), writing code points and their count; malformed input becomes U+FFFD.
// Records: "héllo wörld", "日本語テキスト" cut to whole characters within 16 bytes,
// "a€𝄞b", and a record with a stray continuation byte 0x80 ("x\x80y"). Expected:
// Python's bytes.decode("utf-8", "replace") (reference/suite.py).
// RUN: kauai oclc -execute -enqueue decode -arg text,104,195,169,108,108,111,32,119,195,182,114,108,100,0,0,0,230,151,165,230,156,172,232,170,158,227,131,134,227,130,173,0,97,226,130,172,240,157,132,158,98,0,0,0,0,0,0,0,120,128,121,0,0,0,0,0,0,0,0,0,0,0,0,0 -print cps,64 -print count,4 -global 4 %s
// CHECK: cps,104,233,108,108,111,32,119,246,114,108,100,0,0,0,0,0,26085,26412,35486,12486,12461,0,0,0,0,0,0,0,0,0,0,0,97,8364,119070,98,0,0,0,0,0,0,0,0,0,0,0,0,120,65533,121,0,0,0,0,0,0,0,0,0,0,0,0,0
// CHECK-NEXT: count,11,5,4,3

#define REPLACEMENT 0xFFFD

__kernel void decode(__global const uchar *text, __global uint *cps, __global uint *count)
{
    int g = get_global_id(0);
    __global const uchar *p = text + g * 16;
    __global uint *out = cps + g * 16;
    uint n = 0, cp = 0;
    int need = 0;
    for (int i = 0; i < 16 && p[i]; i++) {
        uchar b = p[i];
        int cls = b < 0x80 ? 0 : b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        switch (cls) {
        case 0:
            out[n++] = b;
            need = 0;
            break;
        case 1:
            if (need == 0) {
                out[n++] = REPLACEMENT;
                break;
            }
            cp = (cp << 6) | (b & 0x3F);
            if (--need == 0)
                out[n++] = cp;
            break;
        case 2:
            cp = b & 0x1F;
            need = 1;
            break;
        case 3:
            cp = b & 0x0F;
            need = 2;
            break;
        default:
            cp = b & 0x07;
            need = 3;
            break;
        }
    }
    count[g] = n;
}
