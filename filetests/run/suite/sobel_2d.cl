// 2-D convolution as image samples write it on a plain int buffer: the Sobel operator
// (two 3x3 kernels from a __constant table) on a 10 x 6 image, 2-D range, each output
// |gx| + |gy| for interior pixels and 0 on the border. The image is 10 x 6 values
// randint(0,255), -seed 17. Expected: the same sums in Python integers
// (reference/suite.py).
// RUN: kauai oclc -execute -enqueue sobel -arg img,repeat(60,randint(0,255)) -seed 17 -arg w,10 -arg h,6 -print edge,60 -global 10,6 -local 5,3 %s
// CHECK: edge,0,0,0,0,0,0,0,0,0,0,0,144,474,576,850,546,820,752,306,0,0,472,568,312,520,144,404,634,376,0,0,570,386,832,156,220,644,628,44,0,0,396,294,410,266,294,718,802,178,0,0,0,0,0,0,0,0,0,0,0

__constant int KX[3][3] = {{-1, 0, 1}, {-2, 0, 2}, {-1, 0, 1}};
__constant int KY[3][3] = {{-1, -2, -1}, {0, 0, 0}, {1, 2, 1}};

__kernel void sobel(__global const uchar *img, __global int *edge, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        edge[y * w + x] = 0;
        return;
    }
    int gx = 0, gy = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int p = img[(y + dy) * w + x + dx];
            gx += KX[dy + 1][dx + 1] * p;
            gy += KY[dy + 1][dx + 1] * p;
        }
    edge[y * w + x] = abs(gx) + abs(gy);
}
