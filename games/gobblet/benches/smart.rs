//! Each computer player's slowest move at its strongest level, from a
//! solver that knows nothing (as in a game process just started on a
//! saved game), with the positions it visits printed first: Smart on 3×3
//! as red from the empty board and as yellow after a small red piece in a
//! corner (its solver's whole budget spent proving no forced win, then the
//! alpha-beta search's), Smart on 4×4 from the empty board and in an
//! opening (the issue asked for at most 200 ms), and Ok on both boards.
//! Each move costs at most `ai::max_nodes` positions; the issue asks for
//! at most about 1 s of CPU. The line printed before each case gives its
//! positions and the CPU time of one move on this thread (Linux's
//! `/proc/thread-self/schedstat`, which a machine busy with other work
//! does not inflate, as it does criterion's wall-clock times).
//!
//! `cargo bench -p gobblet --bench smart -- --sample-size 10`

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use gobblet::ai::{Level, Solver, max_nodes, think_with};
use gobblet::record::{parse_record, replay};
use gobblet::rules::Position;
use std::hint::black_box;
use std::time::Duration;

/// The CPU time this thread has run; zero where Linux's
/// `/proc/thread-self/schedstat` is missing.
fn thread_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map(Duration::from_nanos)
        .unwrap_or_default()
}

fn position(record: &str) -> Position {
    let (variant, moves) = parse_record(record).unwrap();
    replay(variant, &moves)
}

fn worst_moves(c: &mut Criterion) {
    let cases = [
        ("smart 3x3 red, empty board", "3:", Level::Smart),
        ("smart 3x3 yellow, after Sa3", "3: Sa3", Level::Smart),
        ("ok 3x3 yellow, after Sa3", "3: Sa3", Level::Ok),
        ("smart 4x4 red, empty board", "4:", Level::Smart),
        ("smart 4x4, opening", "4: Xb3 Xc2 Lb2 Xc3", Level::Smart),
        ("ok 4x4 red, empty board", "4:", Level::Ok),
    ];
    for (name, record, level) in cases {
        let p = position(record);
        let cpu = thread_cpu();
        let answer = think_with(&mut Solver::new(), &p, &[], level, 7, None);
        let cpu = thread_cpu().saturating_sub(cpu);
        println!(
            "{name}: {} positions (budget {}), {:.1} ms of CPU",
            answer.nodes,
            max_nodes(level, p.variant()),
            cpu.as_secs_f64() * 1000.0
        );
        c.bench_function(name, |b| {
            b.iter_batched_ref(
                Solver::new,
                |solver| think_with(solver, black_box(&p), &[], level, 7, None),
                BatchSize::LargeInput,
            )
        });
    }
}

criterion_group!(benches, worst_moves);
criterion_main!(benches);
