//! Properties of every pass, on generated and mutated modules (deterministic, short):
//!
//! 1. a module the verifier accepts is still accepted after any pass or pipeline;
//! 2. on generated programs (random control flow over `i32` variables held in allocas,
//!    calls, barriers), the optimized program returns what the original returns, as
//!    computed by the small reference interpreter below (independent of the passes).
//!

use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;

use kauai_ir::{
    module_to_string, parse_str, verify_module, BinaryOp, Const, ConstScalar, InstKind, IntCC,
    Module, Type, Value,
};
use kauai_opt::{finalize_pipeline, pass_names, run_passes, OptLevel};
use kauai_testkit::Rng;

/// A random program in IR text: `@f(x, y)` with `vars` slots, `blocks` blocks.
fn generate(rng: &mut Rng) -> String {
    let nvars = 1 + rng.below(4);
    let nblocks = 2 + rng.below(7);
    let mut s = String::new();
    s.push_str("declare @_Z7barrierj(i32) -> void\n");
    s.push_str("declare @_Z13get_global_idj(i32) -> i64\n");
    // A helper with a branch, a local and (sometimes) a barrier.
    s.push_str(
        "function @g(i32 \"a\") -> i32 {\nblock0(v0: i32):\n    v1 = alloca.ptr0 i32 align 4\n    store v1, v0 align 4\n    v2 = const.i32 3\n    v3 = icmp.i1 slt v0, v2\n    brif v3, block1, block2\nblock1:\n    v4 = load.i32 v1 align 4\n    v5 = imul.i32 v4, v2\n    store v1, v5 align 4\n    jump block2\nblock2:\n",
    );
    if rng.chance(50) {
        s.push_str("    v6 = const.i32 1\n    call @_Z7barrierj(v6)\n");
    }
    s.push_str("    v7 = load.i32 v1 align 4\n    return v7\n}\n");
    s.push_str(
        "function @f(i32 \"x\", i32 \"y\") -> i32 \"mux-kernel\"=\"entry-point\" {\nblock0(v0: i32, v1: i32):\n",
    );
    let mut next = 2usize;
    let val = |n: &mut usize| {
        let v = *n;
        *n += 1;
        v
    };
    let vars: Vec<usize> = (0..nvars).map(|_| val(&mut next)).collect();
    for &v in &vars {
        writeln!(s, "    v{v} = alloca.ptr0 i32 align 4").ok();
    }
    for (k, &v) in vars.iter().enumerate() {
        writeln!(s, "    store v{v}, v{} align 4", k % 2).ok();
    }
    s.push_str("    jump block1\n");
    let ops = [
        "iadd", "isub", "imul", "band", "bor", "bxor", "ishl", "sshr", "ushr",
    ];
    let ccs = ["slt", "ult", "eq", "ne", "sge"];
    for b in 1..=nblocks {
        writeln!(s, "block{b}:").ok();
        // Values usable in this block: parameters and what it defines itself.
        let mut avail: Vec<usize> = vec![0, 1];
        for _ in 0..1 + rng.below(5) {
            match rng.below(7) {
                0 | 1 => {
                    let d = val(&mut next);
                    let var = vars[rng.below(nvars)];
                    writeln!(s, "    v{d} = load.i32 v{var} align 4").ok();
                    avail.push(d);
                }
                2 => {
                    let d = val(&mut next);
                    let c = [0i64, 1, -1, 2, 7, 31, 100][rng.below(7)];
                    writeln!(s, "    v{d} = const.i32 {c}").ok();
                    avail.push(d);
                }
                3 | 4 => {
                    let d = val(&mut next);
                    let (a, c) = (avail[rng.below(avail.len())], avail[rng.below(avail.len())]);
                    let op = ops[rng.below(ops.len())];
                    writeln!(s, "    v{d} = {op}.i32 v{a}, v{c}").ok();
                    avail.push(d);
                }
                5 => {
                    let var = vars[rng.below(nvars)];
                    let a = avail[rng.below(avail.len())];
                    writeln!(s, "    store v{var}, v{a} align 4").ok();
                }
                _ => {
                    let d = val(&mut next);
                    let a = avail[rng.below(avail.len())];
                    if rng.chance(30) {
                        let z = val(&mut next);
                        writeln!(s, "    v{z} = const.i32 0").ok();
                        writeln!(s, "    v{d} = call.i64 @_Z13get_global_idj(v{z})").ok();
                        let t = val(&mut next);
                        writeln!(s, "    v{t} = trunc.i32 v{d}").ok();
                        avail.push(t);
                        continue;
                    }
                    writeln!(s, "    v{d} = call.i32 @g(v{a})").ok();
                    avail.push(d);
                }
            }
        }
        if rng.chance(15) {
            let c = val(&mut next);
            writeln!(s, "    v{c} = const.i32 3\n    call @_Z7barrierj(v{c})").ok();
        }
        // Decrement the first slot so that most programs terminate.
        let (l, one, d) = (val(&mut next), val(&mut next), val(&mut next));
        writeln!(
            s,
            "    v{l} = load.i32 v{} align 4\n    v{one} = const.i32 1\n    v{d} = isub.i32 v{l}, v{one}\n    store v{}, v{d} align 4",
            vars[0], vars[0]
        )
        .ok();
        avail.push(d);
        let pick = |rng: &mut Rng| 1 + rng.below(nblocks);
        let a = avail[rng.below(avail.len())];
        match rng.below(5) {
            0 if b > 1 => writeln!(s, "    return v{a}").ok(),
            1 => writeln!(s, "    jump block{}", pick(rng)).ok(),
            2 => {
                let (t, e) = (pick(rng), pick(rng));
                writeln!(
                    s,
                    "    switch v{a}, [0: block{t}, 1: block{e}, -1: block{t}], block{}",
                    pick(rng)
                )
                .ok()
            }
            3 => {
                // An arbitrary condition: may loop until the fuel runs out.
                let c = val(&mut next);
                let cc = ccs[rng.below(ccs.len())];
                let other = avail[rng.below(avail.len())];
                writeln!(
                    s,
                    "    v{c} = icmp.i1 {cc} v{a}, v{other}\n    brif v{c}, block{}, block{}",
                    pick(rng),
                    pick(rng)
                )
                .ok()
            }
            _ => {
                // Leave the loop once the counter runs out.
                let (c, z) = (val(&mut next), val(&mut next));
                writeln!(
                    s,
                    "    v{z} = const.i32 0\n    v{c} = icmp.i1 sgt v{d}, v{z}\n    brif v{c}, block{}, block{}",
                    pick(rng),
                    nblocks + 1
                )
                .ok()
            }
        };
    }
    // The exit block combines every slot.
    writeln!(s, "block{}:", nblocks + 1).ok();
    let mut acc = val(&mut next);
    writeln!(s, "    v{acc} = load.i32 v{} align 4", vars[0]).ok();
    for &v in &vars[1..] {
        let (l, n) = (val(&mut next), val(&mut next));
        writeln!(
            s,
            "    v{l} = load.i32 v{v} align 4\n    v{n} = bxor.i32 v{acc}, v{l}"
        )
        .ok();
        acc = n;
    }
    writeln!(s, "    return v{acc}\n}}").ok();
    s
}

/// Outcome of interpreting `@f`.
#[derive(Debug, PartialEq)]
enum Run {
    Returned(u64),
    OutOfFuel,
    Unsupported(String),
}

fn mask(ty: Type, x: u64) -> u64 {
    match ty.elem().map(|e| e.bits()) {
        Some(b) if b < 64 => x & ((1u64 << b) - 1),
        _ => x,
    }
}

fn sext(ty: Type, x: u64) -> i64 {
    let b = ty.elem().map(|e| e.bits()).unwrap_or(64);
    if b >= 64 {
        x as i64
    } else {
        ((x << (64 - b)) as i64) >> (64 - b)
    }
}

/// A reference interpreter for the subset the generator and the passes produce.
fn interpret(m: &Module, name: &str, args: &[u64], fuel: &mut u64, mem: &mut Vec<u64>) -> Run {
    let Some(fid) = m.func_by_name(name) else {
        return Run::Unsupported(format!("no @{name}"));
    };
    let f = &m.functions[fid];
    let Some(body) = &f.body else {
        return match name {
            "_Z7barrierj" | "__mux_work_group_barrier" => Run::Returned(0),
            "_Z13get_global_idj" | "__mux_get_global_id" => Run::Returned(5),
            _ => Run::Unsupported(format!("declaration @{name}")),
        };
    };
    let mut vals: HashMap<Value, u64> = HashMap::new();
    let Some(mut block) = body.entry() else {
        return Run::Unsupported("no entry".into());
    };
    for (p, a) in body.blocks[block].params.iter().zip(args) {
        vals.insert(*p, *a);
    }
    loop {
        for &i in &body.blocks[block].insts {
            if *fuel == 0 {
                return Run::OutOfFuel;
            }
            *fuel -= 1;
            let data = &body.insts[i];
            let rty = data
                .result
                .map(|r| body.value_type(r))
                .unwrap_or(Type::Void);
            let g = |v: &Value| vals.get(v).copied().unwrap_or(0xDEAD_BEEF);
            let result: u64 = match &data.kind {
                InstKind::Const(Const::Scalar(ConstScalar::Int(x))) => mask(rty, *x),
                InstKind::Const(Const::Undef) => 0xDEAD_BEEF,
                InstKind::Binary(op, a, b) => {
                    let (x, y) = (g(a), g(b));
                    let w = rty.elem().map(|e| e.bits()).unwrap_or(64) as u64;
                    let r = match op {
                        BinaryOp::Iadd => x.wrapping_add(y),
                        BinaryOp::Isub => x.wrapping_sub(y),
                        BinaryOp::Imul => x.wrapping_mul(y),
                        BinaryOp::And => x & y,
                        BinaryOp::Or => x | y,
                        BinaryOp::Xor => x ^ y,
                        BinaryOp::Shl => x << (y % w),
                        BinaryOp::Lshr => mask(rty, x) >> (y % w),
                        BinaryOp::Ashr => (sext(rty, x) >> (y % w)) as u64,
                        other => return Run::Unsupported(format!("{other:?}")),
                    };
                    mask(rty, r)
                }
                InstKind::Icmp(cc, a, b) => {
                    let t = body.value_type(*a);
                    let (x, y) = (mask(t, g(a)), mask(t, g(b)));
                    let (sx, sy) = (sext(t, x), sext(t, y));
                    (match cc {
                        IntCC::Eq => x == y,
                        IntCC::Ne => x != y,
                        IntCC::Slt => sx < sy,
                        IntCC::Sle => sx <= sy,
                        IntCC::Sgt => sx > sy,
                        IntCC::Sge => sx >= sy,
                        IntCC::Ult => x < y,
                        IntCC::Ule => x <= y,
                        IntCC::Ugt => x > y,
                        IntCC::Uge => x >= y,
                    }) as u64
                }
                InstKind::Select(c, a, b) => {
                    if g(c) & 1 == 1 {
                        g(a)
                    } else {
                        g(b)
                    }
                }
                InstKind::Convert { arg, .. } => mask(rty, g(arg)),
                InstKind::Alloca { .. } => {
                    mem.push(0xDEAD_BEEF);
                    (mem.len() - 1) as u64
                }
                InstKind::Load { ptr, .. } => match mem.get(g(ptr) as usize) {
                    Some(x) => mask(rty, *x),
                    None => return Run::Unsupported("wild load".into()),
                },
                InstKind::Store { ptr, value, .. } => {
                    let v = g(value);
                    match mem.get_mut(g(ptr) as usize) {
                        Some(slot) => *slot = v,
                        None => return Run::Unsupported("wild store".into()),
                    }
                    0
                }
                InstKind::Call(c, a) => {
                    let args: Vec<u64> = a.iter().map(g).collect();
                    let callee = m.functions[*c].name.clone();
                    match interpret(m, &callee, &args, fuel, mem) {
                        Run::Returned(x) => mask(rty, x),
                        other => return other,
                    }
                }
                InstKind::Jump(_) | InstKind::Brif(..) | InstKind::Switch { .. } => {
                    let bc = match &data.kind {
                        InstKind::Jump(bc) => bc,
                        InstKind::Brif(c, t, e) => {
                            if g(c) & 1 == 1 {
                                t
                            } else {
                                e
                            }
                        }
                        InstKind::Switch {
                            arg,
                            cases,
                            default,
                        } => {
                            let t = body.value_type(*arg);
                            let x = mask(t, g(arg));
                            cases
                                .iter()
                                .find(|(k, _)| mask(t, *k) == x)
                                .map(|(_, bc)| bc)
                                .unwrap_or(default)
                        }
                        _ => unreachable!(),
                    };
                    let vs: Vec<u64> = bc.args.iter().map(g).collect();
                    for (p, v) in body.blocks[bc.block].params.iter().zip(vs) {
                        vals.insert(*p, v);
                    }
                    block = bc.block;
                    break;
                }
                InstKind::Return(v) => return Run::Returned(v.as_ref().map(g).unwrap_or(0)),
                other => return Run::Unsupported(format!("{other:?}")),
            };
            if let Some(r) = data.result {
                vals.insert(r, result);
            }
        }
    }
}

fn run_f(m: &Module, x: u64, y: u64, mut fuel: u64) -> Run {
    let mut mem = Vec::new();
    interpret(m, "f", &[x, y], &mut fuel, &mut mem)
}

fn must_verify(m: &Module, what: &str, input: &str) {
    if let Err(e) = verify_module(m) {
        panic!(
            "invalid after {what}:\n{e}\ninput:\n{input}\noutput:\n{}",
            module_to_string(m)
        );
    }
}

/// What the executors rely on after finalization: no OpenCL work-item or barrier
/// declarations left, barriers only in kernels, and distinct constant ids per kernel.
/// With `dense`, the ids are exactly 0..n (the passes after `prepare-barriers` in the
/// default pipeline may delete an unreachable barrier and leave a gap).
fn check_executor_contract(m: &Module, text: &str, dense: bool) {
    for (_, f) in m.functions.iter() {
        assert!(
            !f.name.starts_with("_Z"),
            "@{} survived finalization\n{text}",
            f.name
        );
        let Some(body) = &f.body else { continue };
        let mut ids = Vec::new();
        for &b in &body.order {
            for &i in &body.blocks[b].insts {
                let InstKind::Call(c, args) = &body.insts[i].kind else {
                    continue;
                };
                if m.functions[*c].name != "__mux_work_group_barrier" {
                    continue;
                }
                assert!(f.is_kernel(), "barrier left in @{}\n{text}", f.name);
                let id = body.value_inst(args[0]).map(|d| body.insts[d].kind.clone());
                match id {
                    Some(InstKind::Const(Const::Scalar(ConstScalar::Int(x)))) => ids.push(x),
                    other => panic!("barrier id is not a constant: {other:?}\n{text}"),
                }
            }
        }
        let n = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), n, "repeated barrier ids in @{}\n{text}", f.name);
        if dense {
            assert!(
                ids.iter().all(|x| (*x as usize) < n),
                "ids not 0..{n}\n{text}"
            );
        }
    }
}

fn pipelines() -> Vec<Vec<&'static str>> {
    let mut v: Vec<Vec<&str>> = pass_names().iter().map(|p| vec![*p]).collect();
    v.push(vec!["mem2reg", "constfold", "dce", "simplifycfg"]);
    v.push(vec![
        "inline",
        "mem2reg",
        "simplifycfg",
        "constfold",
        "dce",
        "simplifycfg",
    ]);
    v.push(vec![
        "simplifycfg",
        "mem2reg",
        "dce",
        "inline",
        "constfold",
        "simplifycfg",
    ]);
    v
}

#[test]
fn generated_programs_keep_verifying_and_meaning() {
    let mut rng = Rng::new(0x005E_ED0F_CAFE);
    let mut compared = 0;
    for _ in 0..100 {
        let text = generate(&mut rng);
        let m = parse_str("gen.ir", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        must_verify(&m, "generation", &text);
        let inputs = [(3u64, 9u64), (0, 1), (7, 0xFFFF_FFFF)];
        let want: Vec<Run> = inputs
            .iter()
            .map(|(x, y)| run_f(&m, *x, *y, 20_000))
            .collect();
        let mut all = pipelines();
        all.push(kauai_opt::finalize_passes(OptLevel::Default).to_vec());
        for passes in all {
            let mut o = m.clone();
            let res = run_passes(&mut o, &passes);
            must_verify(&o, &passes.join(","), &text);
            if res.is_err() {
                continue;
            }
            for ((x, y), w) in inputs.iter().zip(&want) {
                if let Run::Returned(_) = w {
                    let got = run_f(&o, *x, *y, 40_000);
                    if let Run::Unsupported(_) = got {
                        continue;
                    }
                    compared += 1;
                    assert_eq!(
                        &got,
                        w,
                        "{} changed the result for ({x}, {y})\ninput:\n{text}\noutput:\n{}",
                        passes.join(","),
                        module_to_string(&o)
                    );
                }
            }
        }
        for level in [OptLevel::None, OptLevel::Default] {
            let mut o = m.clone();
            if let Err(e) = finalize_pipeline(&mut o, level) {
                panic!("finalize {level:?}: {e}\n{text}");
            }
            must_verify(&o, "finalize", &text);
            check_executor_contract(&o, &text, level == OptLevel::None);
        }
    }
    // The property must actually have been exercised.
    assert!(compared > 1000, "only {compared} comparisons");
}

/// Random edits of the filetest inputs: replace operands by other values of the same
/// type, retarget branches, change constants and opcodes. Mutants the verifier
/// accepts go through every pass and must still verify.
#[test]
fn mutated_filetests_keep_verifying() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests/opt");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("filetests/opt")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ir"))
        .collect();
    files.sort();
    let mut rng = Rng::new(0xF11E_7E57);
    let mut tried = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        let input = text.split("\n; EXPECT:\n").next().unwrap_or("");
        let Ok(base) = parse_str("in.ir", input) else {
            continue;
        };
        if verify_module(&base).is_err() {
            continue;
        }
        for _ in 0..10 {
            let mut m = base.clone();
            for _ in 0..1 + rng.below(3) {
                mutate(&mut m, &mut rng);
            }
            if verify_module(&m).is_err() {
                continue;
            }
            tried += 1;
            let shown = module_to_string(&m);
            for passes in pipelines() {
                let mut o = m.clone();
                let _ = run_passes(&mut o, &passes);
                must_verify(&o, &passes.join(","), &shown);
            }
        }
    }
    assert!(tried > 100, "only {tried} valid mutants");
}

fn mutate(m: &mut Module, rng: &mut Rng) {
    let defined: Vec<_> = m
        .functions
        .iter()
        .filter(|(_, f)| f.body.is_some())
        .map(|(id, _)| id)
        .collect();
    if defined.is_empty() {
        return;
    }
    let fid = defined[rng.below(defined.len())];
    let Some(body) = m.functions[fid].body.as_mut() else {
        return;
    };
    let placed: Vec<_> = body
        .order
        .iter()
        .flat_map(|b| body.blocks[*b].insts.iter().map(move |i| (*b, *i)))
        .collect();
    if placed.is_empty() {
        return;
    }
    let (_, inst) = placed[rng.below(placed.len())];
    match rng.below(4) {
        0 => {
            // Replace one operand by another value of the same type.
            let ops = body.insts[inst].kind.operands();
            if ops.is_empty() {
                return;
            }
            let k = rng.below(ops.len());
            let ty = body.value_type(ops[k]);
            let cands: Vec<Value> = placed
                .iter()
                .filter_map(|(_, i)| body.insts[*i].result)
                .chain(
                    body.order
                        .iter()
                        .flat_map(|b| body.blocks[*b].params.clone()),
                )
                .filter(|v| body.value_type(*v) == ty)
                .collect();
            if cands.is_empty() {
                return;
            }
            let to = cands[rng.below(cands.len())];
            let mut n = 0;
            body.insts[inst].kind.map_operands(|v| {
                let r = if n == k { to } else { v };
                n += 1;
                r
            });
        }
        1 => {
            // Retarget a branch to another non-entry block with the same parameters.
            let entry = body.entry();
            let blocks: Vec<_> = body
                .order
                .iter()
                .copied()
                .filter(|b| Some(*b) != entry)
                .collect();
            let sig = |b: kauai_ir::Block, body: &kauai_ir::Body| -> Vec<Type> {
                body.blocks[b]
                    .params
                    .iter()
                    .map(|p| body.value_type(*p))
                    .collect()
            };
            let targets: Vec<_> = body.insts[inst]
                .kind
                .successors()
                .iter()
                .map(|bc| bc.block)
                .collect();
            if targets.is_empty() || blocks.is_empty() {
                return;
            }
            let which = rng.below(targets.len());
            let want = sig(targets[which], body);
            let cands: Vec<_> = blocks
                .iter()
                .copied()
                .filter(|b| sig(*b, body) == want)
                .collect();
            let to = cands[rng.below(cands.len())];
            if let Some(bc) = body.insts[inst]
                .kind
                .successors_mut()
                .into_iter()
                .nth(which)
            {
                bc.block = to;
            }
        }
        2 => {
            if let InstKind::Const(Const::Scalar(ConstScalar::Int(x))) = &mut body.insts[inst].kind
            {
                *x = [0u64, 1, u64::MAX, 255, 0x8000_0000, 7][rng.below(6)];
            }
        }
        _ => {
            if let InstKind::Binary(op, ..) = &mut body.insts[inst].kind {
                let int = [
                    BinaryOp::Iadd,
                    BinaryOp::Isub,
                    BinaryOp::Imul,
                    BinaryOp::Sdiv,
                    BinaryOp::Urem,
                    BinaryOp::Shl,
                    BinaryOp::Ashr,
                    BinaryOp::Rotl,
                    BinaryOp::SaddSat,
                    BinaryOp::UmulHi,
                ];
                let float = [
                    BinaryOp::Fadd,
                    BinaryOp::Fmul,
                    BinaryOp::Fdiv,
                    BinaryOp::Fmin,
                ];
                let is_float = matches!(
                    op,
                    BinaryOp::Fadd
                        | BinaryOp::Fsub
                        | BinaryOp::Fmul
                        | BinaryOp::Fdiv
                        | BinaryOp::Frem
                        | BinaryOp::Fmin
                        | BinaryOp::Fmax
                        | BinaryOp::Copysign
                );
                *op = if is_float {
                    float[rng.below(float.len())]
                } else {
                    int[rng.below(int.len())]
                };
            }
        }
    }
}

/// Instructions in the bodies of a module's functions, by name.
fn body_sizes(m: &Module) -> Vec<(String, usize)> {
    m.functions
        .iter()
        .filter_map(|(_, f)| {
            let b = f.body.as_ref()?;
            Some((
                f.name.clone(),
                b.order.iter().map(|&x| b.blocks[x].insts.len()).sum(),
            ))
        })
        .collect()
}

#[test]
fn inlining_a_chain_of_helpers_stays_linear() {
    // `f0` calls `f1` ... calls `fN`, three instructions each: inlining everything
    // bottom-up would give `fi` 3(N-i) instructions, 3N²/2 in all.
    let n = 600;
    let mut text =
        format!("function @f{n}(i32 \"x\") -> i32 {{\nblock0(v0: i32):\n    return v0\n}}\n");
    for i in (0..n).rev() {
        let _ = write!(
            text,
            "function @f{i}(i32 \"x\") -> i32 {{\nblock0(v0: i32):\n    v1 = call.i32 @f{}(v0)\n    v2 = iadd.i32 v1, v0\n    return v2\n}}\n",
            i + 1
        );
    }
    let mut m = parse_str("chain.ir", &text).unwrap_or_else(|e| panic!("{e}"));
    run_passes(&mut m, &["inline"]).expect("inline");
    verify_module(&m).expect("verifies");
    // Each body is at most a callee at the budget plus its own few instructions (and
    // the jumps inlining adds): the total is linear in n.
    let per_fn = kauai_opt::MAX_INLINE_CALLEE_INSTS + 10;
    for (name, size) in body_sizes(&m) {
        assert!(size <= per_fn, "@{name} has {size} instructions");
    }
    // The budget cut the chain, it did not stop inlining: small callees went in.
    let f0 = body_sizes(&m)
        .into_iter()
        .find(|(n, _)| n == "f0")
        .expect("f0")
        .1;
    assert!(f0 > 20, "f0 has only {f0} instructions");
}

/// `@h0` calls `@h1` twice, ... `@h{levels-1}` calls the barrier; the kernel calls
/// `@h0`. Every level holds a barrier, so all of it must be inlined into the kernel.
fn barrier_tree(levels: usize, calls_per_level: usize) -> String {
    let mut text = String::from("declare @__mux_work_group_barrier(i32, i32, i32) -> void\n");
    let _ = write!(
        text,
        "function @h{levels}() -> void {{\nblock0:\n    v0 = const.i32 0\n    v1 = const.i32 2\n    v2 = const.i32 272\n    call @__mux_work_group_barrier(v0, v1, v2)\n    return\n}}\n"
    );
    for i in (0..levels).rev() {
        let calls = format!("    call @h{}()\n", i + 1).repeat(calls_per_level);
        let _ = write!(
            text,
            "function @h{i}() -> void {{\nblock0:\n{calls}    return\n}}\n"
        );
    }
    text.push_str(
        "function @k() -> void \"mux-kernel\"=\"entry-point\" {\nblock0:\n    call @h0()\n    return\n}\n",
    );
    text
}

#[test]
fn barrier_inlining_is_top_down_and_bounded() {
    // A chain: the kernel ends up with one barrier, the helpers are gone.
    let n = 600;
    let mut m = parse_str("chain.ir", &barrier_tree(n, 1)).unwrap_or_else(|e| panic!("{e}"));
    run_passes(&mut m, &["prepare-barriers"]).expect("prepare-barriers");
    verify_module(&m).expect("verifies");
    let sizes = body_sizes(&m);
    assert_eq!(sizes.len(), 1, "helpers left: {}", sizes.len());
    // A call and a jump per level, then the barrier: linear in n.
    assert!(sizes[0].1 <= 3 * n + 10, "{sizes:?}");
    // Doubling per level: 2^30 barriers would be inlined. Refused with the limit's name
    // (bottom-up inlining built every level first and ran out of memory).
    let mut m = parse_str("tree.ir", &barrier_tree(30, 2)).unwrap_or_else(|e| panic!("{e}"));
    let err = run_passes(&mut m, &["prepare-barriers"]).expect_err("too large");
    assert!(
        err.to_string().contains("MAX_REQUIRED_INLINE_INSTS"),
        "{err}"
    );
}
