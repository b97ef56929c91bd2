use gobblet::ai::{Level, Solver, choose};
use gobblet::rules::{Position, Variant};
use std::time::Instant;
fn main() {
    let mut s = Solver::new();
    let t = Instant::now();
    let r = s.fastest_win(&Position::new(Variant::Small), 12, u64::MAX);
    println!("solver empty: {:?} nodes {} in {:?}", r, s.nodes(), t.elapsed());
    let t = Instant::now();
    let m = choose(&Position::new(Variant::Large), &[], Level::Smart, 1);
    println!("4x4 smart {:?} in {:?}", m, t.elapsed());
}
