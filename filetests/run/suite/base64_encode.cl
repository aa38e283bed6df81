// Base64 encoding as text-processing kernels write it: one work-item per 3-byte group,
// the alphabet as a `__constant char` string literal, '=' padding written by the last
// work-item for a length that is not a multiple of 3. Input: the 20 bytes of
// "OpenCL kernels, 2026" (7 groups; the last has 2 bytes, so one '='). Expected:
// Python's base64.b64encode as character codes (reference/suite.py).
// RUN: kauai oclc -execute -enqueue b64 -arg in,79,112,101,110,67,76,32,107,101,114,110,101,108,115,44,32,50,48,50,54 -arg n,20 -print out,28 -global 7 %s
// CHECK: out,84,51,66,108,98,107,78,77,73,71,116,108,99,109,53,108,98,72,77,115,73,68,73,119,77,106,89,61

__constant char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

__kernel void b64(__global const uchar *in, int n, __global uchar *out)
{
    int g = get_global_id(0);
    int i = 3 * g;
    uint b0 = in[i];
    uint b1 = i + 1 < n ? in[i + 1] : 0;
    uint b2 = i + 2 < n ? in[i + 2] : 0;
    uint v = (b0 << 16) | (b1 << 8) | b2;
    out[4 * g + 0] = alphabet[(v >> 18) & 63];
    out[4 * g + 1] = alphabet[(v >> 12) & 63];
    out[4 * g + 2] = i + 1 < n ? alphabet[(v >> 6) & 63] : '=';
    out[4 * g + 3] = i + 2 < n ? alphabet[v & 63] : '=';
}
