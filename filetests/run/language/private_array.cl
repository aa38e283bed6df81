// Private arrays with run-time indices: each work-item sieves the primes up to n in a
// private char[65] array (counting them: pi(n)) and insertion-sorts a private int[8]
// window of the input starting at its own index, writing the window's median pair sum
// (sorted[3] + sorted[4]).
// pi(10, 20, 30, 64, 1, 2) = 4, 8, 10, 18, 0, 1 (known prime counts).
// data = 9, 2, 7, 4, 8, 1, 6, 3, 5, 0, 11, 10, 13 (13 values); window i = data[i..i+7].
// Window 0 sorted: 1 2 3 4 6 7 8 9 -> 4 + 6 = 10 (others: reference/language.py).
// RUN: kauai oclc -execute -enqueue private_arrays -arg n,10,20,30,64,1,2 -arg data,9,2,7,4,8,1,6,3,5,0,11,10,13 -print pi,6 -print med,6 -global 6 %s
// CHECK: pi,4,8,10,18,0,1
// CHECK-NEXT: med,10,9,9,9,11,11

__kernel void private_arrays(__global const int *n, __global const int *data,
                             __global int *pi, __global int *med)
{
    int i = get_global_id(0);
    char composite[65];
    int limit = n[i];
    for (int k = 0; k <= limit; k++)
        composite[k] = 0;
    int count = 0;
    for (int k = 2; k <= limit; k++) {
        if (composite[k])
            continue;
        count++;
        for (int m = k * k; m <= limit; m += k)
            composite[m] = 1;
    }
    pi[i] = count;

    int w[8];
    for (int k = 0; k < 8; k++) {
        int v = data[i + k];
        int j = k;
        while (j > 0 && w[j - 1] > v) {
            w[j] = w[j - 1];
            j--;
        }
        w[j] = v;
    }
    med[i] = w[3] + w[4];
}
