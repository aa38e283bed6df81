// MD5 of short messages (one block each) as password-cracking kernels write it: the
// message arrives as a struct template with a zero-length array last (`uint w[0]`),
// 17 words per message (length in bytes, then up to 16 little-endian words), the four
// round functions as macros, the step macro with a rotate() and per-round shift tables
// in __constant memory, and the padding written in place in a private copy. Work-item 0
// hashes "", 1 "a", 2 "message digest", 3 "12345678901234567890123456789012345678901234567890123"
// (53 bytes, the longest that fits one block with its padding).
// Expected: Python's hashlib.md5 digests as four little-endian words; the input words
// packed by reference/suite.py.
// RUN: kauai oclc -execute -enqueue md5 -arg msgs,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,97,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,14,1936942445,543516513,1701276004,29811,0,0,0,0,0,0,0,0,0,0,0,0,53,875770417,943142453,842084409,909456435,809056311,875770417,943142453,842084409,909456435,809056311,875770417,943142453,842084409,51,0,0 -print digest,16 -global 4 %s
// CHECK: digest,3649838548,78774415,2550759657,2118318316,3111502092,2830561728,3801727793,1629910889,2104060921,2375268220,825186898,3496079786,2484368588,369639190,1705754820,3376043266

typedef struct {
    uint len;
    uint w[0];
} md5_msg;

__constant uint T[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
__constant uint R[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};

#define F(x, y, z) (((x) & (y)) | (~(x) & (z)))
#define G(x, y, z) (((x) & (z)) | ((y) & ~(z)))
#define H(x, y, z) ((x) ^ (y) ^ (z))
#define I(x, y, z) ((y) ^ ((x) | ~(z)))

__kernel void md5(__global const uint *msgs, __global uint *digest)
{
    uint id = get_global_id(0);
    __global const md5_msg *m = (__global const md5_msg *)(msgs + id * 17);
    uint len = m->len;
    uint x[16];
    for (int i = 0; i < 16; i++)
        x[i] = i < (len + 3) / 4 ? m->w[i] : 0;
    x[len / 4] |= 0x80u << (8 * (len % 4));
    x[14] = len * 8;
    x[15] = 0;

    uint a = 0x67452301, b = 0xefcdab89, c = 0x98badcfe, d = 0x10325476;
    for (int i = 0; i < 64; i++) {
        uint f;
        int g;
        int round = i / 16;
        if (round == 0) {
            f = F(b, c, d);
            g = i;
        } else if (round == 1) {
            f = G(b, c, d);
            g = (5 * i + 1) % 16;
        } else if (round == 2) {
            f = H(b, c, d);
            g = (3 * i + 5) % 16;
        } else {
            f = I(b, c, d);
            g = (7 * i) % 16;
        }
        uint t = d;
        d = c;
        c = b;
        b = b + rotate(a + f + T[i] + x[g], R[round][i % 4]);
        a = t;
    }
    digest[id * 4 + 0] = 0x67452301 + a;
    digest[id * 4 + 1] = 0xefcdab89 + b;
    digest[id * 4 + 2] = 0x98badcfe + c;
    digest[id * 4 + 3] = 0x10325476 + d;
}
