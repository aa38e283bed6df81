// short16 element-wise: out = a * (short16)3 - b, wrapping in 16 bits (short vectors are
// not promoted to int: the operation itself is 16-bit).
// a = -15500, -14500, ..., 15500 (32 values), b = 1..32; 3a - b reduced to [-32768, 32767]
// (reference/vectors.py), e.g. 3 * -15500 - 1 = -46501 -> -46501 + 65536 = 19035.
// RUN: kauai oclc -execute -enqueue short16_ops -arg a,range(-15500,15500,1000) -arg b,range(1,32) -print out,32 -global 2 -local 1 %s
// CHECK: out,19035,22034,25033,28032,31031,-31506,-28507,-25508,-22509,-19510,-16511,-13512,-10513,-7514,-4515,-1516,1483,4482,7481,10480,13479,16478,19477,22476,25475,28474,31473,-31064,-28065,-25066,-22067,-19068

__kernel void short16_ops(__global const short16 *a, __global const short16 *b,
                          __global short16 *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i] * (short16)3 - b[i];
}
