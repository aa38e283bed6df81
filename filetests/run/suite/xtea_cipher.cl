// XTEA block encryption (32 cycles) as crypto kernels write it: one 64-bit block per
// work-item as two uints, the 128-bit key copied from a global buffer into a
// private array, the delta 0x9E3779B9 as a macro; then decryption of the result
// checks the round trip. Blocks: 8 pairs range(0,15); key 0x01234567, 0x89ABCDEF,
// 0xFEDCBA98, 0x76543210. Expected: the reference algorithm (Needham & Wheeler) in Python
// integers masked to 32 bits (reference/suite.py), and the plaintext back.
// RUN: kauai oclc -execute -enqueue xtea -arg v,range(0,15) -arg key,19088743,2309737967,4275878552,1985229328 -print v,16 -print back,16 -global 8 %s
// CHECK: v,3903417789,3414332463,3198120285,2681659626,4096991861,1217735360,2014378713,3703949471,2428407997,1862471203,2653444683,4150415447,1075740599,2761174737,1487489719,441854435
// CHECK-NEXT: back,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15

#define DELTA 0x9E3779B9u

__kernel void xtea(__global uint *v, __global const uint *key, __global uint *back)
{
    uint g = get_global_id(0);
    uint k[4] = {key[0], key[1], key[2], key[3]};
    uint v0 = v[2 * g], v1 = v[2 * g + 1], sum = 0;
    for (int i = 0; i < 32; i++) {
        v0 += (((v1 << 4) ^ (v1 >> 5)) + v1) ^ (sum + k[sum & 3]);
        sum += DELTA;
        v1 += (((v0 << 4) ^ (v0 >> 5)) + v0) ^ (sum + k[(sum >> 11) & 3]);
    }
    v[2 * g] = v0;
    v[2 * g + 1] = v1;
    for (int i = 0; i < 32; i++) {
        v1 -= (((v0 << 4) ^ (v0 >> 5)) + v0) ^ (sum + k[(sum >> 11) & 3]);
        sum -= DELTA;
        v0 -= (((v1 << 4) ^ (v1 >> 5)) + v1) ^ (sum + k[sum & 3]);
    }
    back[2 * g] = v0;
    back[2 * g + 1] = v1;
}
