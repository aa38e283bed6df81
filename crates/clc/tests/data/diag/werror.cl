// OPTIONS: -Werror
int f(int x)
{
    if (x)
        return 1;
}

/* EXPECTED
error: control reaches the end of non-void function `f`
  ┌─ werror.cl:6:1
  │
6 │ }
  │ ^ a return statement is missing on some path

*/
