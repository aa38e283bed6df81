// ARGS: --kinds
// Literal kinds. Invalid numbers (last line) get a kind by shape; the parser reports them.
0 42 42u 42U 42l 42ul 42LU 42ll 42ULL 0x1F 0X1fu 017 0
1.0 1. .5 1e10 1E-3 1.5e+2f 1.0F 2.5h 2.5H 1.0l 1.0L 0x1p4 0x1.8p-1f 0xAp+3L
'a' '\n' '\'' '\\' "" "abc" "a\"b" "tab\there"
ident _under $dollar float4 __kernel
... <<= >>= -> ++ -- << >> <= >= == != && || *= /= %= += -= &= ^= |= ##
[ ] ( ) { } . & * + - ~ ! / % < > ^ | ? : ; = , #
a+++++b a-->b x.y 1..2
09 1f 0x 1e 0x1.0 1.2.3 08.5 0x1e+1
// ---- EXPECT ----
// IntLit 0
// IntLit 42
// IntLit 42u
// IntLit 42U
// IntLit 42l
// IntLit 42ul
// IntLit 42LU
// IntLit 42ll
// IntLit 42ULL
// IntLit 0x1F
// IntLit 0X1fu
// IntLit 017
// IntLit 0
// FloatLit 1.0
// FloatLit 1.
// FloatLit .5
// FloatLit 1e10
// FloatLit 1E-3
// FloatLit 1.5e+2f
// FloatLit 1.0F
// FloatLit 2.5h
// FloatLit 2.5H
// FloatLit 1.0l
// FloatLit 1.0L
// FloatLit 0x1p4
// FloatLit 0x1.8p-1f
// FloatLit 0xAp+3L
// CharLit 'a'
// CharLit '\n'
// CharLit '\''
// CharLit '\\'
// StringLit ""
// StringLit "abc"
// StringLit "a\"b"
// StringLit "tab\there"
// Ident ident
// Ident _under
// Ident $dollar
// Ident float4
// Ident __kernel
// Punct(Ellipsis) ...
// Punct(ShlAssign) <<=
// Punct(ShrAssign) >>=
// Punct(Arrow) ->
// Punct(PlusPlus) ++
// Punct(MinusMinus) --
// Punct(Shl) <<
// Punct(Shr) >>
// Punct(Le) <=
// Punct(Ge) >=
// Punct(EqEq) ==
// Punct(Ne) !=
// Punct(AmpAmp) &&
// Punct(PipePipe) ||
// Punct(StarAssign) *=
// Punct(SlashAssign) /=
// Punct(PercentAssign) %=
// Punct(PlusAssign) +=
// Punct(MinusAssign) -=
// Punct(AmpAssign) &=
// Punct(CaretAssign) ^=
// Punct(PipeAssign) |=
// Punct(HashHash) ##
// Punct(LBracket) [
// Punct(RBracket) ]
// Punct(LParen) (
// Punct(RParen) )
// Punct(LBrace) {
// Punct(RBrace) }
// Punct(Dot) .
// Punct(Amp) &
// Punct(Star) *
// Punct(Plus) +
// Punct(Minus) -
// Punct(Tilde) ~
// Punct(Bang) !
// Punct(Slash) /
// Punct(Percent) %
// Punct(Lt) <
// Punct(Gt) >
// Punct(Caret) ^
// Punct(Pipe) |
// Punct(Question) ?
// Punct(Colon) :
// Punct(Semi) ;
// Punct(Assign) =
// Punct(Comma) ,
// Punct(Hash) #
// Ident a
// Punct(PlusPlus) ++
// Punct(PlusPlus) ++
// Punct(Plus) +
// Ident b
// Ident a
// Punct(MinusMinus) --
// Punct(Gt) >
// Ident b
// Ident x
// Punct(Dot) .
// Ident y
// FloatLit 1..2
// IntLit 09
// IntLit 1f
// IntLit 0x
// FloatLit 1e
// FloatLit 0x1.0
// FloatLit 1.2.3
// FloatLit 08.5
// IntLit 0x1e+1
// Eof 
// ---- DIAGNOSTICS ----
