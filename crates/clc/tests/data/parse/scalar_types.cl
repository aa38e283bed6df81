// Every legal spelling of the C and OpenCL scalar types.
char a; signed char b; unsigned char c; uchar d;
short e; short int f; signed short g; unsigned short int h; ushort i;
int j; signed k; signed int l; unsigned m; unsigned int n; uint o;
long p; long int q; unsigned long r; long unsigned int s; ulong t;
long long u; unsigned long long int v;
float w; double x; long double y; half z;
bool b1; _Bool b2; void *vp;
size_t st; ptrdiff_t pd; intptr_t ip; uintptr_t up;
int const ci; const volatile unsigned cvu;
image2d_t img; sampler_t smp; event_t ev; image3d_t img3; image1d_buffer_t ib;

/* EXPECTED
(decl (specs char) (a))
(decl (specs signed_char) (b))
(decl (specs uchar) (c))
(decl (specs uchar) (d))
(decl (specs short) (e))
(decl (specs short) (f))
(decl (specs short) (g))
(decl (specs ushort) (h))
(decl (specs ushort) (i))
(decl (specs int) (j))
(decl (specs int) (k))
(decl (specs int) (l))
(decl (specs uint) (m))
(decl (specs uint) (n))
(decl (specs uint) (o))
(decl (specs long) (p))
(decl (specs long) (q))
(decl (specs ulong) (r))
(decl (specs ulong) (s))
(decl (specs ulong) (t))
(decl (specs long_long) (u))
(decl (specs unsigned_long_long) (v))
(decl (specs float) (w))
(decl (specs double) (x))
(decl (specs long_double) (y))
(decl (specs half) (z))
(decl (specs bool) (b1))
(decl (specs bool) (b2))
(decl (specs void) (vp (ptr)))
(decl (specs size_t) (st))
(decl (specs ptrdiff_t) (pd))
(decl (specs intptr_t) (ip))
(decl (specs uintptr_t) (up))
(decl (specs const int) (ci))
(decl (specs const volatile uint) (cvu))
(decl (specs image2d_t) (img))
(decl (specs sampler_t) (smp))
(decl (specs event_t) (ev))
(decl (specs image3d_t) (img3))
(decl (specs image1d_buffer_t) (ib))
--- diagnostics
*/
