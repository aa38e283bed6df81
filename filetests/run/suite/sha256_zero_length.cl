// SHA-256 of short messages (one 64-byte block each), written as hashing tools write it:
// the input is a struct template whose last member is a zero-length array (`uint
// buffer[0]`, the GNU extension clang accepts), laid over a flat buffer with a fixed
// stride of 17 words per message (length in bytes, then up to 16 big-endian words);
// the rounds use the usual Ch/Maj/Sigma macros and a __constant K table. Work-item 0
// hashes "abc", 1 hashes "The quick brown fox jumps over the lazy dog", 2 the empty
// message. Expected: Python's hashlib.sha256 digests as eight big-endian words, and the
// message words packed by reference/suite.py.
// RUN: kauai oclc -execute -enqueue sha256 -arg msgs,3,1633837824,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,43,1416127776,1903520099,1797284466,1870097952,1718581280,1786080624,1931505526,1701978228,1751457900,1635416352,1685022464,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 -print digest,24 -global 3 %s
// CHECK: digest,3128432319,2399260650,1094795486,1571693091,2953011619,2518121116,3021012833,4060091821,3618175923,131563668,1774885564,2953326159,2371244516,1832704886,755159231,935978386,3820012610,2566659092,2600203464,2574235940,665731556,1687917388,2761267483,2018687061

typedef struct {
    uint length;
    uint buffer[0];
} sha256_in;

__constant uint K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define S0(x) (ROTR(x, 2) ^ ROTR(x, 13) ^ ROTR(x, 22))
#define S1(x) (ROTR(x, 6) ^ ROTR(x, 11) ^ ROTR(x, 25))
#define s0(x) (ROTR(x, 7) ^ ROTR(x, 18) ^ ((x) >> 3))
#define s1(x) (ROTR(x, 17) ^ ROTR(x, 19) ^ ((x) >> 10))

__kernel void sha256(__global const uint *msgs, __global uint *digest)
{
    uint g = get_global_id(0);
    __global const sha256_in *in = (__global const sha256_in *)(msgs + g * 17);
    uint len = in->length;
    uint w[64];
    for (int i = 0; i < 16; i++)
        w[i] = 0;
    for (uint i = 0; i < (len + 3) / 4; i++)
        w[i] = in->buffer[i];
    // Padding: 0x80 after the message, the length in bits in the last word.
    w[len / 4] |= 0x80u << (24 - 8 * (len % 4));
    w[15] = len * 8;
    for (int i = 16; i < 64; i++)
        w[i] = s1(w[i - 2]) + w[i - 7] + s0(w[i - 15]) + w[i - 16];

    uint h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    uint a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], gg = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        uint t1 = hh + S1(e) + CH(e, f, gg) + K[i] + w[i];
        uint t2 = S0(a) + MAJ(a, b, c);
        hh = gg;
        gg = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    __global uint *o = digest + g * 8;
    o[0] = h[0] + a;
    o[1] = h[1] + b;
    o[2] = h[2] + c;
    o[3] = h[3] + d;
    o[4] = h[4] + e;
    o[5] = h[5] + f;
    o[6] = h[6] + gg;
    o[7] = h[7] + hh;
}
