//! Evaluating the Church product 3 x 4 with the example storage's numerals,
//! seen as a cube (`times three four slice blue`: twelve red slices), as the
//! evaluator does when the player evaluates it; and the product alone (to
//! the function it reduces to).
//!
//! Run with `cargo bench -p gcalc --bench eval -- --warm-up-time 1
//! --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gcalc::eval::{Settings, Stop, evaluate};
use gcalc::example::examples;
use gcalc::{Expr, expr::parse};

fn product(with_cube: bool) -> Expr {
    let store = examples();
    let named = |n: &str| store.find(n).unwrap().clone();
    let e = Expr::apply(Expr::apply(named("times"), named("three")), named("four"));
    if with_cube {
        Expr::apply(Expr::apply(e, named("slice")), parse("blue"))
    } else {
        e
    }
}

fn church_product(c: &mut Criterion) {
    let settings = Settings::default();
    let cube = product(true);
    let result = evaluate(&cube, &settings, 100_000);
    assert_eq!(result.stop, Stop::Done);
    assert_eq!(result.expr, parse(&format!("blue{}", " | red".repeat(12))));
    let function = product(false);
    let mut group = c.benchmark_group("church");
    group.bench_function("3x4_as_cube", |b| {
        b.iter(|| evaluate(black_box(&cube), &settings, 100_000))
    });
    group.bench_function("3x4_function", |b| {
        b.iter(|| evaluate(black_box(&function), &settings, 100_000))
    });
    group.finish();
}

criterion_group!(benches, church_product);
criterion_main!(benches);
