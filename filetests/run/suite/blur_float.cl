// Image-like blur on a float buffer: a 3x3 Gaussian (1 2 1; 2 4 2; 1 2 1) / 16 on a
// 12 x 8 image with clamp-to-edge, computed from a local tile of (8 + 2) x (4 + 2)
// pixels that the work-items of each 8 x 4 group load cooperatively (halo included,
// a strided loop over the tile), then a 3x3 box blur of the same image by direct global
// reads, scaled by 0.11111111f. Pixels: randint(0,255) (as floats), -seed 29.
// Expected (reference/suite.py): the Gaussian is exact in float32 (integer sums below
// 2^24 times a power of two); the box sum of integers is exact and the product with
// float32(0.11111111) is rounded once, as Python computes it.
// RUN: kauai oclc -execute -enqueue gauss -arg img,repeat(96,randint(0,255)) -seed 29 -arg w,12 -arg h,8 -print out,96 -global 12,8 -local 4,4 %s
// CHECK: out,185.5625,180.1875,150.4375,91.4375,83.9375,138.8125,152.3125,149.875,151.3125,124.6875,145.0625,177.875,174.5,146.3125,114.6875,99.9375,125.4375,148.875,133.5,137.4375,137.75,111.25,122.9375,146.625,147.125,123.9375,125.8125,137.75,150.8125,141.5,111.8125,99.125,89,96.125,128.8125,154.1875,121.3125,118.8125,119,117.4375,138.125,146.9375,116.5,79.9375,62.875,88.8125,126.3125,146.4375,135.6875,129.1875,97.0625,82.1875,121.5,138.125,123.4375,113.3125,99.6875,108.5,113.625,95.9375,148.1875,123.125,111.6875,128.9375,152.5625,125.125,112.6875,145.6875,133.375,106.4375,107.375,92.5625,109.6875,91.6875,105.4375,158.8125,178.8125,126.4375,110.875,158.625,155.0625,127.6875,144.9375,143.1875,85.4375,90.5,77.875,115.75,154.3125,129.4375,139.875,181,186.1875,188.5,201.1875,194.4375
// RUN: kauai oclc -execute -enqueue box -arg img,repeat(96,randint(0,255)) -seed 29 -arg w,12 -arg h,8 -print out,96 -global 12,8 -local 4,4 %s
// CHECK: out,183.8889,175.3333,133.1111,96.11111,99.77778,134.6667,147.1111,166.8889,124.3333,147.2222,126.6667,170.8889,168.2222,155.1111,128.1111,118,123.5556,126.3333,133.6667,133.3333,123,133.5556,131.8889,156.8889,142.2222,130.8889,112.6667,128.3333,150.6667,145.5556,132.4444,96.66666,88.33334,87.55556,115,149.3333,123.4444,121.3333,112.2222,117.8889,131.4444,122.7778,122,75.33334,96.55556,101,136.1111,132.5556,140.5556,135.5556,102.4444,116.4444,123,143,132.1111,104.8889,97.88889,88.22222,102.3333,110.8889,126.6667,114.3333,100.8889,133,136.5556,125.5556,120,126.7778,133.2222,128.2222,105.8889,99.55556,118.2222,110.3333,104.3333,153.6667,144.4444,144.2222,125.4444,160.2222,150.1111,149.3333,133.1111,150.8889,86.77778,78.77778,90.55556,130.2222,138.5556,145.5556,132.8889,171.8889,177.2222,190.5556,183.6667,192

#pragma OPENCL FP_CONTRACT OFF

#define TW 4
#define TH 4

__constant float G[3][3] = {{1.0f, 2.0f, 1.0f}, {2.0f, 4.0f, 2.0f}, {1.0f, 2.0f, 1.0f}};

__kernel void gauss(__global const float *img, __global float *out, int w, int h)
{
    __local float tile[TH + 2][TW + 2];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x0 = get_group_id(0) * TW - 1, y0 = get_group_id(1) * TH - 1;
    for (int k = ly * TW + lx; k < (TW + 2) * (TH + 2); k += TW * TH) {
        int tx = k % (TW + 2), ty = k / (TW + 2);
        int sx = clamp(x0 + tx, 0, w - 1), sy = clamp(y0 + ty, 0, h - 1);
        tile[ty][tx] = img[sy * w + sx];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++)
            acc += G[dy][dx] * tile[ly + dy][lx + dx];
    out[get_global_id(1) * w + get_global_id(0)] = acc * 0.0625f;
}

__kernel void box(__global const float *img, __global float *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    float acc = 0.0f;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            acc += img[clamp(y + dy, 0, h - 1) * w + clamp(x + dx, 0, w - 1)];
    out[y * w + x] = acc * 0.11111111f;
}
