__kernel void broken(__global int *x) { x[0] = ; }
