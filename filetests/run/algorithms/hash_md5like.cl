// An MD5-like integer hash: 16 rounds of the MD5 F function with rotates and adds on uint
// (wrapping modulo 2^32), round constants K[r] = floor(|sin(r + 1)| * 2^32) in a
// __constant table and shifts 7, 12, 17, 22. Message word r is seed * (r + 1) + r.
// Each work-item hashes its seed and writes the four state words (a, b, c, d).
// Expected: the same rounds in Python with & 0xffffffff (reference/algorithms.py).
// RUN: kauai oclc -execute -enqueue hash -arg seeds,0,1,2,3,3735928559,2147483648,12345,4294967295 -print h,32 -global 8 -local 4 %s
// CHECK: h,2128106251,2146953896,2934281352,1011371712,1060031493,1046808345,3087067958,1221787398,329709822,154899500,2867214238,3258151963,1657583015,2423182026,300907167,2371926428,302918868,3335225064,3562037065,2138307116,2004084092,2954662161,2225852706,3167574606,175053724,2146976564,2315941964,1367320017,396814270,2534112831,182899535,1167400274

__constant uint K[16] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
};

__constant uint S[4] = { 7, 12, 17, 22 };

uint md5_f(uint b, uint c, uint d)
{
    return (b & c) | (~b & d);
}

__kernel void hash(__global const uint *seeds, __global uint *h)
{
    size_t i = get_global_id(0);
    uint seed = seeds[i];
    uint a = 0x67452301, b = 0xefcdab89, c = 0x98badcfe, d = 0x10325476;
    for (uint r = 0; r < 16; r++) {
        uint m = seed * (r + 1) + r;
        uint f = md5_f(b, c, d);
        uint t = d;
        d = c;
        c = b;
        b = b + rotate(a + f + K[r] + m, S[r % 4]);
        a = t;
    }
    h[4 * i + 0] = a;
    h[4 * i + 1] = b;
    h[4 * i + 2] = c;
    h[4 * i + 3] = d;
}
