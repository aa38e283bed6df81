// 3x3 median filter on a `uchar` image as image samples write it: the 9 neighbours
// (clamp-to-edge) gathered into a private array, then a partial selection sort that
// stops at the middle element, with a swap macro. Image 10 x 6 randint(0,255), -seed 47.
// Expected: Python's sorted(...)[4] per pixel (reference/suite.py).
// RUN: kauai oclc -execute -enqueue median -arg img,repeat(60,randint(0,255)) -seed 47 -arg w,10 -arg h,6 -print out,60 -global 10,6 %s
// CHECK: out,123,123,74,74,50,48,48,123,148,132,123,130,83,77,77,77,104,123,132,132,122,130,106,92,92,92,111,123,153,198,115,122,130,137,111,167,167,167,153,86,115,115,106,92,137,167,153,130,130,86,139,139,137,58,137,167,167,77,77,77

#define SWAP(a, b) do { uchar _t = (a); (a) = (b); (b) = _t; } while (0)

__kernel void median(__global const uchar *img, __global uchar *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    uchar p[9];
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            p[n++] = img[clamp(y + dy, 0, h - 1) * w + clamp(x + dx, 0, w - 1)];
    for (int i = 0; i <= 4; i++) {
        int m = i;
        for (int j = i + 1; j < 9; j++)
            if (p[j] < p[m])
                m = j;
        SWAP(p[i], p[m]);
    }
    out[y * w + x] = p[4];
}
