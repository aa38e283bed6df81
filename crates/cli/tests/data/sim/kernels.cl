// Kernels of the kauai sim corpus (run by oclgrind-kernel and by kauai sim alike).

__kernel void vecadd(__global float *a, __global float *b, __global float *c)
{
  int i = get_global_id(0);
  c[i] = a[i] + b[i];
}

__kernel void types(__global char *c, __global uchar *uc, __global short *s,
                    __global ushort *us, __global int *i, __global uint *ui,
                    __global long *l, __global ulong *ul, __global float *f,
                    __global double *d)
{
}

__kernel void scale(__global float *x, float k, int n, __global int *count)
{
  int i = get_global_id(0);
  if (i < n)
    x[i] = x[i] * k;
  if (i == 0)
    count[0] = n;
}

__kernel void copy_const(__constant int *src, __global int *dst)
{
  int i = get_global_id(0);
  dst[i] = src[i] * 2;
}

// Only the last work-item writes past the end, as its last action.
__kernel void oob_write(__global int *data)
{
  int i = get_global_id(0);
  data[i] = i;
  if (i == get_global_size(0) - 1)
    data[i + 1] = i;
}

__kernel void oob_read(__global int *in, __global int *out)
{
  int i = get_global_id(0);
  out[i] = i;
  // Oclgrind reads 0 past the end and goes on; Kauai stops at the read.
  if (i == get_global_size(0) - 1 && in[i + 1] == 12345)
    out[i] = 0;
}

__kernel void null_write(__global int *data)
{
  data[get_global_id(0) + 1] = 1;
}

__kernel void local_race(__global int *data, __local int *scratch)
{
  int l = get_local_id(0);
  scratch[l] = l;
  data[get_global_id(0)] = scratch[(l + 1) % get_local_size(0)];
}

__kernel void global_race(__global int *out)
{
  out[0] = get_global_id(0);
}

// A tree reduction with barriers: no race.
__kernel void reduce(__global int *in, __global int *out, __local int *tmp)
{
  int l = get_local_id(0);
  int n = get_local_size(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = n / 2; s > 0; s /= 2) {
    if (l < s)
      tmp[l] += tmp[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    out[get_group_id(0)] = tmp[0];
}

__kernel void grid2d(__global int *out)
{
  int x = get_global_id(0), y = get_global_id(1);
  out[y * get_global_size(0) + x] = x * 10 + y;
}

__kernel void say(__global int *x)
{
  printf("x = %d\n", x[0]);
}

typedef struct { int a; float b; } pair;

__kernel void take_struct(pair p, __global float *out)
{
  out[0] = p.a + p.b;
}

// Half the work-group reaches the barrier (after its only write: Kauai stops there).
__kernel void diverge(__global int *x)
{
  int l = get_local_id(0);
  x[get_global_id(0)] = l;
  if (l < 2)
    barrier(CLK_GLOBAL_MEM_FENCE);
}

__kernel void uninit_uses(__global int *data)
{
  int i = get_global_id(0);
  int x;
  if (data[i] > 1)
    x = data[i];
  if (x > 5)
    data[i] = 1;
  __local int t[4];
  data[i] = t[get_local_id(0)];
}
