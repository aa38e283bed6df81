//! Property tests of the `.regvar` allocator: random programs over register variables
//! (straight-line, then with branches and loops) are assembled, and the output is
//! checked against a liveness computed here per instruction from the program text (not
//! the allocator's data): two variables live at the same time never share a register, a
//! write never lands on another live variable, every use of a variable gets the same
//! registers, and no variable takes a register the program names directly.

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, decode, Arch, AsmOptions, Operand};
use kauai_testkit::Rng;

/// Variable kinds: (prefix, vector, registers).
const KINDS: [(&str, bool, u16); 4] = [
    ("xv", true, 1),
    ("xw", true, 2),
    ("xs", false, 1),
    ("xp", false, 2),
];

/// One operand: a variable (index) or a register named directly (operand code, count).
#[derive(Clone, Copy, Debug)]
enum Op {
    Var(usize),
    Direct(u16, u16),
}

/// How an instruction passes control on.
#[derive(Clone, Copy, Debug)]
enum Flow {
    Next,
    /// `s_branch` to label k.
    Jump(usize),
    /// `s_cbranch_scc0` to label k (or the next instruction).
    Cond(usize),
    End,
}

struct Prog {
    /// (name, vector, registers).
    vars: Vec<(String, bool, u16)>,
    /// Per instruction: text, operands (first written, the rest read), flow.
    insts: Vec<(String, Vec<Op>, Flow)>,
    /// Label k stands before instruction `labels[k]`.
    labels: Vec<usize>,
}

/// A straight-line program, or (`branches`) one with labels and branches between its
/// instructions (forward and backward), some `s_endpgm` in the middle too.
fn gen(rng: &mut Rng, branches: bool) -> Prog {
    let mut vars = Vec::new();
    for &(pre, vector, n) in &KINDS {
        for i in 0..1 + rng.below(4) {
            vars.push((format!("{pre}{i}"), vector, n));
        }
    }
    let pick = |rng: &mut Rng, vector: bool, n: u16| -> usize {
        let c: Vec<usize> = (0..vars.len())
            .filter(|&i| vars[i].1 == vector && vars[i].2 == n)
            .collect();
        c[rng.below(c.len())]
    };
    let mut insts = Vec::new();
    for _ in 0..5 + rng.below(40) {
        // Sometimes a register named directly instead of a variable.
        let v1 = |rng: &mut Rng| {
            if rng.chance(10) {
                Op::Direct(256 + 3, 1)
            } else {
                Op::Var(pick(rng, true, 1))
            }
        };
        let s1 = |rng: &mut Rng| {
            if rng.chance(10) {
                Op::Direct(7, 1)
            } else {
                Op::Var(pick(rng, false, 1))
            }
        };
        let (m, ops) = match rng.below(6) {
            0 => ("v_mov_b32", vec![v1(rng), v1(rng)]),
            1 => ("v_add_f32", vec![v1(rng), s1(rng), v1(rng)]),
            2 => (
                "v_add_f64",
                vec![
                    Op::Var(pick(rng, true, 2)),
                    Op::Var(pick(rng, true, 2)),
                    Op::Var(pick(rng, true, 2)),
                ],
            ),
            3 => ("s_add_u32", vec![s1(rng), s1(rng), s1(rng)]),
            4 => {
                let src = if rng.chance(15) {
                    Op::Direct(4, 2)
                } else {
                    Op::Var(pick(rng, false, 2))
                };
                ("s_mov_b64", vec![Op::Var(pick(rng, false, 2)), src])
            }
            _ => ("v_mov_b32", vec![v1(rng), s1(rng)]),
        };
        let text: Vec<String> = ops
            .iter()
            .map(|o| match *o {
                Op::Var(i) => vars[i].0.clone(),
                Op::Direct(c, 1) if c >= 256 => format!("v{}", c - 256),
                Op::Direct(c, 1) => format!("s{c}"),
                Op::Direct(c, n) => format!("s[{c}:{}]", c + n - 1),
            })
            .collect();
        insts.push((format!("{m} {}", text.join(", ")), ops, Flow::Next));
    }
    let mut labels = Vec::new();
    if branches {
        for _ in 0..1 + rng.below(4) {
            labels.push(rng.below(insts.len() + 1));
        }
        for _ in 0..1 + rng.below(5) {
            let at = rng.below(insts.len() + 1);
            let k = rng.below(labels.len());
            let (t, f) = match rng.below(5) {
                0 => (format!("s_branch L{k}"), Flow::Jump(k)),
                1 => ("s_endpgm".to_string(), Flow::End),
                _ => (format!("s_cbranch_scc0 L{k}"), Flow::Cond(k)),
            };
            insts.insert(at, (t, Vec::new(), f));
            for l in labels.iter_mut() {
                if *l > at {
                    *l += 1;
                }
            }
        }
    }
    insts.push(("s_endpgm".to_string(), Vec::new(), Flow::End));
    Prog {
        vars,
        insts,
        labels,
    }
}

fn source(p: &Prog) -> String {
    let mut s = String::from(".gpu Tonga\n");
    for (name, vector, n) in &p.vars {
        s += &format!(".regvar {name}:{}:{n}\n", if *vector { "v" } else { "s" });
    }
    for (i, (t, _, _)) in p.insts.iter().enumerate() {
        for (k, _) in p.labels.iter().enumerate().filter(|l| *l.1 == i) {
            s += &format!("L{k}:\n");
        }
        s += t;
        s.push('\n');
    }
    s
}

/// Registers of a variable or direct operand as (file, first, count); file 1 = VGPRs.
fn range(code: u16, n: u16) -> (bool, u16, u16) {
    if code >= 256 {
        (true, code - 256, n)
    } else {
        (false, code, n)
    }
}

fn overlap(a: (bool, u16, u16), b: (bool, u16, u16)) -> bool {
    a.0 == b.0 && a.1 < b.1 + b.2 && b.1 < a.1 + a.2
}

fn check(p: &Prog) -> Result<(), String> {
    let src = source(p);
    let mut sm = SourceMap::new();
    let f = sm.add("prop.s", src.clone());
    let mut diags = Diagnostics::new();
    let out = assemble(&mut sm, f, &AsmOptions::default(), &mut diags)
        .map_err(|_| format!("does not assemble:\n{}\n{src}", diags.render(&sm)))?;
    let words: Vec<u32> = out
        .code()
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    // Each variable's first register, from the decoded operands.
    let mut place: Vec<Option<u16>> = vec![None; p.vars.len()];
    let mut pos = 0;
    for (text, ops, _) in &p.insts {
        let (inst, len) = decode(Arch::Gfx8, &words[pos..]).map_err(|e| format!("{e}"))?;
        pos += len;
        for (k, o) in ops.iter().enumerate() {
            let Op::Var(v) = *o else { continue };
            let Some(Operand::Code(c)) = inst.ops.get(k).copied() else {
                return Err(format!("{text}: operand {k} is not a register\n{src}"));
            };
            match place[v] {
                None => place[v] = Some(c),
                Some(x) if x == c => {}
                Some(x) => {
                    return Err(format!(
                        "{text}: '{}' at {c}, elsewhere at {x}\n{src}",
                        p.vars[v].0
                    ))
                }
            }
        }
    }
    let regs = |v: usize| range(place[v].unwrap_or(0), p.vars[v].2);
    let name = |v: usize| &p.vars[v].0;
    // Registers named directly.
    let mut direct = Vec::new();
    for (_, ops, _) in &p.insts {
        for o in ops {
            if let Op::Direct(c, n) = *o {
                direct.push(range(c, n));
            }
        }
    }
    for (v, at) in place.iter().enumerate() {
        if at.is_some() && direct.iter().any(|&d| overlap(regs(v), d)) {
            return Err(format!(
                "'{}' takes a register named directly\n{src}",
                name(v)
            ));
        }
    }
    // Liveness per instruction, to a fixpoint: live[i] = live before instruction i (a
    // read makes a variable live, a write ends its life above), out[i] = after it.
    let n = p.insts.len();
    let succ = |i: usize| -> Vec<usize> {
        match p.insts[i].2 {
            Flow::Next => vec![i + 1],
            Flow::Jump(k) => vec![p.labels[k]],
            Flow::Cond(k) => vec![p.labels[k], i + 1],
            Flow::End => vec![],
        }
    };
    let nv = p.vars.len();
    let mut live = vec![vec![false; nv]; n + 1];
    let mut out = vec![vec![false; nv]; n];
    let mut changed = true;
    while changed {
        changed = false;
        for i in (0..n).rev() {
            let mut o = vec![false; nv];
            for s in succ(i) {
                for v in 0..nv {
                    o[v] |= live[s][v];
                }
            }
            let mut l = o.clone();
            let ops = &p.insts[i].1;
            if let Some(Op::Var(d)) = ops.first() {
                l[*d] = false;
            }
            for op in ops.iter().skip(1) {
                if let Op::Var(r) = *op {
                    l[r] = true;
                }
            }
            if l != live[i] {
                live[i] = l;
                changed = true;
            }
            out[i] = o;
        }
    }
    let conflict = |a: usize, b: usize| a != b && overlap(regs(a), regs(b));
    for (i, l) in live.iter().enumerate() {
        let set: Vec<usize> = (0..p.vars.len()).filter(|&v| l[v]).collect();
        for &a in &set {
            for &b in &set {
                if conflict(a, b) {
                    return Err(format!(
                        "'{}' and '{}' both live before instruction {i} share registers\n{src}",
                        name(a),
                        name(b)
                    ));
                }
            }
        }
        // A write must not land on a variable live after it.
        if let Some(Op::Var(d)) = p.insts.get(i).and_then(|x| x.1.first().copied()) {
            for (b, &lb) in out[i].iter().enumerate() {
                if lb && conflict(d, b) {
                    return Err(format!(
                        "instruction {i} writes '{}' over live '{}'\n{src}",
                        name(d),
                        name(b)
                    ));
                }
            }
        }
    }
    Ok(())
}

/// 300 random programs from `seed`, with branches and loops or without, checked.
fn random_programs(seed: u64, branchy: bool) {
    let mut rng = Rng::new(seed);
    for round in 0..300 {
        let p = gen(&mut rng, branchy);
        if let Err(e) = check(&p) {
            panic!("round {round}: {e}");
        }
    }
}

#[test]
fn random_straight_programs_never_share_live_registers() {
    random_programs(0x5eed_a110, false);
}

#[test]
fn random_branchy_programs_never_share_live_registers() {
    random_programs(0xb4a2_c4e5, true);
}

/// The allocator's data files, mutated line by line (lines dropped, repeated, swapped,
/// bytes changed), assemble or fail with diagnostics: never a panic.
#[test]
fn mutated_regalloc_sources_do_not_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/asm");
    let mut sources = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("regalloc_") || name.starts_with("regvar") {
            let text = std::fs::read_to_string(&path).unwrap();
            let src = text.split("#### EXPECTED").next().unwrap().to_string();
            sources.push(src);
        }
    }
    sources.sort();
    let mut rng = Rng::new(0x0a11_0c8e);
    for _ in 0..400 {
        let src = &sources[rng.below(sources.len())];
        let mutated = kauai_testkit::mutate::lines(&mut rng, src);
        let mut sm = SourceMap::new();
        let f = sm.add("m.s", mutated);
        let mut diags = Diagnostics::new();
        let _ = assemble(&mut sm, f, &AsmOptions::default(), &mut diags);
    }
}
