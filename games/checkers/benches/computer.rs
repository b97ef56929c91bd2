//! A computer move at the strongest level (Hard: 1,000,000 nodes), from
//! the start and from a middle game; the issue asks for at most 500 ms.
//! Measured twice: in wall-clock time, as criterion does, and in the CPU
//! time of the benchmark's thread (Linux's `/proc/thread-self/schedstat`),
//! which a machine busy with other work does not inflate.
//!
//! `cargo bench -p checkers -- --warm-up-time 1 --measurement-time 3`

use checkers::board::{Position, parse_record};
use checkers::search::{Strength, best_move};
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

/// The CPU time this thread has run, from `/proc/thread-self/schedstat`
/// (nanoseconds on the CPU); zero where there is no such file.
fn thread_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map(Duration::from_nanos)
        .unwrap_or_default()
}

/// Criterion's measurement of the thread's CPU time, shown as durations.
struct ThreadCpu(WallTime);

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        thread_cpu()
    }
    fn end(&self, start: Duration) -> Duration {
        thread_cpu().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.0.formatter()
    }
}

fn middle_game() -> Position {
    parse_record("11-15 23-19 8-11 22-17 4-8 17-13 15-18 24-20")
        .map(|(_, pos)| pos)
        .expect("a legal record")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("computer move, Hard");
    group.sample_size(10);
    for (name, pos) in [("start", Position::START), ("middle game", middle_game())] {
        group.bench_function(name, |b| {
            b.iter(|| best_move(black_box(&pos), Strength::Hard.budget(), Some(1), None))
        });
    }
    group.finish();
}

fn bench_cpu(c: &mut Criterion<ThreadCpu>) {
    let mut group = c.benchmark_group("computer move, Hard, thread CPU time");
    group.sample_size(10);
    for (name, pos) in [("start", Position::START), ("middle game", middle_game())] {
        group.bench_function(name, |b| {
            b.iter(|| best_move(black_box(&pos), Strength::Hard.budget(), Some(1), None))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpu(WallTime));
    targets = bench_cpu
}
criterion_main!(benches, cpu);
