// Runs until stopped (x[0] stays 0).
__kernel void forever(__global int *x)
{
  while (x[0] >= 0)
    x[1] = x[0];
}
