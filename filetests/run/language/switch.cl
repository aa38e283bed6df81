// `switch` with fallthrough, grouped case labels, a negative case and default:
//   case 0 -> 10; case 1 adds 1 and falls into case 2, which adds 2 (1 -> 3, 2 -> 2);
//   cases 5, 6 -> 56; case -3 sets -3 and falls into default (+100) -> 97; others 100.
// A second switch on a char (character-literal cases) classifies "quiz oz":
// vowels 1, 'z' 26, others 0. Expected: reference/language.py.
// RUN: kauai oclc -execute -enqueue switches -arg v,range(-3,8) -arg text,113,117,105,122,32,111,122 -print out,12 -print kind,7 -global 12 %s
// CHECK: out,97,100,100,10,3,2,100,100,56,56,100,100
// CHECK-NEXT: kind,0,1,1,26,0,1,26

__kernel void switches(__global const int *v, __global const char *text,
                       __global int *out, __global int *kind)
{
    size_t i = get_global_id(0);
    int r = 0;
    switch (v[i]) {
    case 0:
        r = 10;
        break;
    case 1:
        r += 1;
        /* fall through */
    case 2:
        r += 2;
        break;
    case 5:
    case 6:
        r = 56;
        break;
    case -3:
        r = -3;
        /* fall through */
    default:
        r += 100;
    }
    out[i] = r;
    if (i < 7) {
        int k;
        switch (text[i]) {
        case 'a': case 'e': case 'i': case 'o': case 'u':
            k = 1;
            break;
        case 'z':
            k = 26;
            break;
        default:
            k = 0;
            break;
        }
        kind[i] = k;
    }
}
